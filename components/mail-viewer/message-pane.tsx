"use client";

import { useState, type ReactNode } from "react";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { SandboxedFrame } from "@/components/ui/sandboxed-frame";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";

type View = "html" | "text" | "raw";

/** The pane's placeholder while its message loads. */
export function MessagePaneLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading message" className="space-y-3 p-6">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="mt-6 h-96 w-full" />
    </div>
  );
}

export function MessagePaneError({ error }: { error: unknown }) {
  return (
    <div className="p-6">
      <Alert tone="error" title="Could not load this message">
        {errorMessage(error)}
      </Alert>
    </div>
  );
}

export interface MessageField {
  label: string;
  value: ReactNode;
  /** Long values (address lists) are cut to one line; short ones (a date) are not. */
  truncate?: boolean;
}

interface MessageHeaderProps {
  /** id of the subject heading, which labels the article. */
  subjectId: string;
  subject: string | null;
  /** A link shown beside the subject. */
  action?: ReactNode;
  fields: MessageField[];
  /** Labels wider than "From"/"To" (e.g. "For") need the wider label column. */
  wideLabels?: boolean;
  /** Shown under the fields, inside the header. */
  children?: ReactNode;
}

export function MessageHeader({ subjectId, subject, action, fields, wideLabels, children }: MessageHeaderProps) {
  return (
    <header className="border-b border-zinc-100 px-6 pt-5 pb-4">
      <div className="flex items-start justify-between gap-4">
        <h2 id={subjectId} className="min-w-0 text-lg font-semibold tracking-tight break-words text-zinc-900">
          {subject || "(no subject)"}
        </h2>
        {action}
      </div>
      <dl
        className={
          wideLabels
            ? "mt-2 grid grid-cols-[3.5rem_minmax(0,1fr)] gap-y-0.5 text-[13px]"
            : "mt-2 grid grid-cols-[3rem_minmax(0,1fr)] gap-y-0.5 text-[13px]"
        }
      >
        {fields.map((field) => (
          <MessageFieldRow key={field.label} field={field} />
        ))}
      </dl>
      {children}
    </header>
  );
}

function MessageFieldRow({ field }: { field: MessageField }) {
  return (
    <>
      <dt className="text-zinc-500">{field.label}</dt>
      <dd className={field.truncate === false ? "text-zinc-900" : "truncate text-zinc-900"}>{field.value}</dd>
    </>
  );
}

interface MessageBodyTabsProps {
  html: string | null;
  text: string | null;
  /** Shown under the rendered HTML. */
  htmlFooter?: ReactNode;
  /** The raw-source view, rendered only while its tab is open. */
  raw: () => ReactNode;
}

/** The message body as rendered HTML, as plain text, or as raw source. */
export function MessageBodyTabs({ html, text, htmlFooter, raw }: MessageBodyTabsProps) {
  const [view, setView] = useState<View>("html");
  const frame = html ? (
    <div className="overflow-hidden rounded-lg border border-zinc-200">
      <SandboxedFrame title="Message HTML" html={html} width={640} height={560} fitNarrowBox linksInNewTab />
    </div>
  ) : null;
  return (
    <div className="px-6 pt-2 pb-6">
      <Tabs
        label="Message view"
        value={view}
        onValueChange={setView}
        items={[
          { value: "html", label: "HTML" },
          { value: "text", label: "Text" },
          { value: "raw", label: "Raw source" },
        ]}
      >
        {view === "html" &&
          (frame ? (
            htmlFooter ? (
              <div className="space-y-2">
                {frame}
                {htmlFooter}
              </div>
            ) : (
              frame
            )
          ) : (
            <p className="py-8 text-center text-[13px] text-zinc-500">This message has no HTML part.</p>
          ))}
        {view === "text" &&
          (text ? (
            <pre className="max-h-[560px] overflow-auto rounded-lg border border-zinc-200 bg-zinc-50 p-4 font-mono text-[13px] leading-6 whitespace-pre-wrap text-zinc-800">
              {text}
            </pre>
          ) : (
            <p className="py-8 text-center text-[13px] text-zinc-500">This message has no text part.</p>
          ))}
        {view === "raw" && raw()}
      </Tabs>
    </div>
  );
}
