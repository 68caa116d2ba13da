"use client";

import { useId, useState, type ReactNode } from "react";
import { useMediaQuery } from "@/lib/hooks/use-media-query";
import { Alert } from "@/components/ui/alert";
import { cn } from "@/lib/ui/cn";
import { MonitorIcon, SmartphoneIcon } from "./template-icons";
import { SandboxedFrame } from "@/components/ui/sandboxed-frame";
import { SegmentedControl } from "@/components/ui/segmented-control";

type Device = "desktop" | "mobile";

// Desktop: the width a desktop mail client's reading pane gives a message (the width email
// layouts are designed for), scaled down to the column.
// Mobile: a phone's width (iPhone-size), at full size.
const DEVICE_WIDTH: Record<Device, number> = { desktop: 640, mobile: 375 };

interface TemplatePreviewProps {
  subject: string;
  html: string;
  /** The syntax problem that stops the preview from updating, if any. */
  error: string | null;
  /** Variables the template prints that the sample values leave empty: a warning each. */
  unfilled?: string[];
  /** A "Layout" switch: whether the preview shows the HTML wrapped in the account's default layout. */
  layout?: { on: boolean; onChange: (on: boolean) => void };
  /** The section's heading; "Preview" unless given. */
  title?: string;
  /** Beside the heading: the "Live" mark of a preview that follows edits unless given. */
  status?: ReactNode;
  /** The frame's accessible name. */
  frameTitle?: string;
}

// Below Tailwind's sm breakpoint the preview opens at phone width: a 640 px email scaled into a
// phone's column reads at half size.
const PHONE_QUERY = "(max-width: 639px)";

export function TemplatePreview({
  subject,
  html,
  error,
  unfilled = [],
  layout,
  title = "Preview",
  status,
  frameTitle = "Email preview",
}: TemplatePreviewProps) {
  // Until a width is picked, a phone shows its own width and a larger screen the desktop's.
  const [picked, setDevice] = useState<Device | null>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const device = picked ?? (phone ? "mobile" : "desktop");
  const [dark, setDark] = useState(false);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-zinc-200 px-4 py-2.5">
        <div className="flex items-center gap-2">
          <h2 id={titleId} className="text-[13px] font-semibold text-zinc-900">
            {title}
          </h2>
          {status ?? (
            <span className="inline-flex items-center gap-1.5 text-xs text-zinc-500">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
              Live
            </span>
          )}
        </div>
        <div className="flex items-center gap-2">
          {layout && (
            <button
              type="button"
              aria-pressed={layout.on}
              onClick={() => layout.onChange(!layout.on)}
              title="As journeys and broadcasts send it: in your default layout"
              className="h-8 rounded-lg border border-zinc-200 px-2.5 text-[13px] font-medium text-zinc-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-pressed:border-zinc-900 aria-pressed:bg-zinc-900 aria-pressed:text-white"
            >
              Layout
            </button>
          )}
          <button
            type="button"
            aria-pressed={dark}
            onClick={() => setDark((on) => !on)}
            title="As mail apps that turn colours round in dark mode show it"
            className="h-8 rounded-lg border border-zinc-200 px-2.5 text-[13px] font-medium text-zinc-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-pressed:border-zinc-900 aria-pressed:bg-zinc-900 aria-pressed:text-white"
          >
            Dark
          </button>
          <SegmentedControl
            label="Preview width"
            value={device}
            onValueChange={setDevice}
            options={[
              { value: "desktop", label: "Desktop", icon: MonitorIcon },
              { value: "mobile", label: "Mobile", icon: SmartphoneIcon },
            ]}
          />
        </div>
      </div>
      <div className="border-b border-zinc-100 bg-zinc-50/70 px-4 py-2.5 text-[13px]">
        <span className="text-zinc-500">Subject </span>
        <span className="font-medium break-words text-zinc-900" data-testid="preview-subject">
          {subject || <span className="font-normal text-zinc-500">No subject</span>}
        </span>
      </div>
      {error && (
        <div className="border-b border-zinc-100 p-3">
          <Alert tone="warning" title="Preview paused">
            {error}
          </Alert>
        </div>
      )}
      {!error && unfilled.length > 0 && (
        <ul className="space-y-0.5 border-b border-amber-100 bg-amber-50 px-4 py-2 text-xs text-amber-900" aria-label="Empty variables">
          {unfilled.map((name) => (
            <li key={name} className="break-words">
              <code className="font-mono">{`{{${name}}}`}</code> would be empty: set a sample value or send it in variables
            </li>
          ))}
        </ul>
      )}
      {/* Dark: the colours turned round, as Outlook and Gmail's apps do to a light email. */}
      <div
        className={cn(
          device === "mobile" && "bg-zinc-100/80 py-4",
          dark && "bg-zinc-900 [&_iframe]:[filter:invert(0.9)_hue-rotate(180deg)]",
        )}
        data-appearance={dark ? "dark" : "light"}
      >
        <SandboxedFrame
          title={frameTitle}
          html={html}
          width={DEVICE_WIDTH[device]}
          height={device === "mobile" ? 600 : 560}
          className={device === "mobile" ? "bg-transparent" : undefined}
          frameClassName={device === "mobile" ? "rounded-2xl shadow-card ring-1 ring-zinc-200" : undefined}
        />
      </div>
    </section>
  );
}
