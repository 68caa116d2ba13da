"use client";

import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { CheckIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { SandboxedFrame } from "@/components/ui/sandboxed-frame";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { SettingsSection } from "@/components/settings/settings-section";
import { useLayouts, useUpdateLayout, type Layout } from "@/lib/hooks/use-layouts";
import { LAYOUT_FONTS, LAYOUT_FONT_LABELS } from "@/lib/layouts/layout-content";
import { updateLayoutBodySchema } from "@/lib/layouts/schemas";
import { renderTemplate } from "@/lib/templates/render";
import { errorMessage } from "@/lib/ui/fetch-api";
import { LAYOUT_PREVIEW_BODY, LAYOUT_PREVIEW_VARIABLES } from "./layout-preview-body";

type Draft = Pick<Layout, "headerText" | "logoUrl" | "footerText" | "address" | "brandColor" | "font">;
const FIELDS = ["headerText", "logoUrl", "footerText", "address", "brandColor", "font"] as const;

const withoutUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };

const toDraft = (layout: Layout): Draft => Object.fromEntries(FIELDS.map((f) => [f, layout[f]])) as Draft;

const textareaClass =
  "block w-full rounded-lg border border-zinc-200 bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-400 focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-500/15 aria-invalid:border-red-500";

function LayoutForm({ layout }: { layout: Layout }) {
  const update = useUpdateLayout(layout.id);
  const [draft, setDraft] = useState<Draft>(() => toDraft(layout));
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const parsed = updateLayoutBodySchema.safeParse(draft);
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Draft] ??= issue.message;
  const dirty = FIELDS.some((f) => (draft[f] ?? "") !== (layout[f] ?? ""));
  const set = (field: keyof Draft) => (value: string) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [field]: value }));
  };

  // The preview wraps a sample body with the same renderer and layout code a send uses.
  const preview = useMemo(
    () =>
      renderTemplate({ subject: "", html: LAYOUT_PREVIEW_BODY }, LAYOUT_PREVIEW_VARIABLES, {
        layout: parsed.success ? { ...layout, ...withoutUndefined(parsed.data) } : layout,
      }).html,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- parsed is derived from draft
    [draft, layout],
  );

  async function save() {
    if (!parsed.success) return;
    setFormError(null);
    try {
      await update.mutateAsync(parsed.data);
      setSaved(true);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <Card>
        <form
          aria-label="Default layout"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <CardContent className="space-y-5">
            {formError && <Alert tone="error">{formError}</Alert>}
            <Field
              id="layout-header"
              label="Header text"
              hint="Your company's name, shown at the top (the logo's description when there is a logo)."
              error={errors.headerText}
            >
              <Input value={draft.headerText ?? ""} onChange={(e) => set("headerText")(e.target.value)} placeholder="Acme" />
            </Field>
            <Field
              id="layout-logo"
              label="Logo address"
              hint="Optional: an https:// image, shown 40 px high instead of the header text."
              error={errors.logoUrl}
            >
              <Input
                value={draft.logoUrl ?? ""}
                onChange={(e) => set("logoUrl")(e.target.value)}
                placeholder="https://"
                className="font-mono"
              />
            </Field>
            <Field id="layout-footer" label="Footer text" error={errors.footerText}>
              <textarea
                rows={2}
                className={textareaClass}
                value={draft.footerText ?? ""}
                onChange={(e) => set("footerText")(e.target.value)}
                placeholder="You get this email because you signed up at acme.com."
              />
            </Field>
            <Field id="layout-address" label="Postal address" hint="Commercial email must carry one (CAN-SPAM)." error={errors.address}>
              <textarea
                rows={2}
                className={textareaClass}
                value={draft.address ?? ""}
                onChange={(e) => set("address")(e.target.value)}
                placeholder={"1 Main Street\nSpringfield, 12345"}
              />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="flex items-start gap-2">
                <input
                  type="color"
                  aria-label="Pick the brand colour"
                  value={/^#[0-9a-f]{6}$/i.test(draft.brandColor) ? draft.brandColor : "#18181b"}
                  onChange={(e) => set("brandColor")(e.target.value)}
                  className="mt-[26px] h-9 w-11 shrink-0 cursor-pointer rounded border border-zinc-200 bg-white p-0.5"
                />
                <Field id="layout-color" label="Brand colour" error={errors.brandColor} className="min-w-0 flex-1">
                  <Input value={draft.brandColor} onChange={(e) => set("brandColor")(e.target.value)} className="font-mono" />
                </Field>
              </div>
              <Field id="layout-font" label="Font">
                <Select value={draft.font} onChange={(e) => set("font")(e.target.value)}>
                  {LAYOUT_FONTS.map((font) => (
                    <option key={font} value={font}>
                      {LAYOUT_FONT_LABELS[font]}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
          </CardContent>
          <CardFooter className="flex items-center justify-end gap-3">
            {saved && !dirty && (
              <span role="status" className="inline-flex items-center gap-1 text-[13px] text-emerald-700">
                <CheckIcon className="size-4" /> Saved: the next email sent uses it
              </span>
            )}
            <Button type="submit" disabled={!dirty || !parsed.success} loading={update.isPending}>
              Save layout
            </Button>
          </CardFooter>
        </form>
      </Card>
      <div className="min-w-0">
        <p className="mb-2 text-[13px] font-medium text-zinc-700">Preview</p>
        <SandboxedFrame
          html={preview}
          title="Layout preview"
          height={460}
          fitNarrowBox
          frameClassName="rounded-lg border border-zinc-200 bg-white"
        />
      </div>
    </div>
  );
}

/** The default layout's editor with a live preview: Settings, under "Layout". */
export function LayoutSection() {
  const layouts = useLayouts();
  const layout = layouts.data?.data.find((l) => l.isDefault);
  return (
    <SettingsSection
      id="layout"
      title="Email layout"
      description="The header and footer every broadcast and journey email is sent in. Emails sent through the API keep their own HTML."
    >
      {layouts.isError ? (
        <LoadError title="The layout did not load" error={layouts.error} onRetry={() => void layouts.refetch()} />
      ) : !layouts.data ? (
        <Skeleton className="h-80 w-full" />
      ) : layout ? (
        <LayoutForm key={layout.id} layout={layout} />
      ) : (
        <Alert tone="info">This account has no default layout: its emails are sent without one.</Alert>
      )}
    </SettingsSection>
  );
}
