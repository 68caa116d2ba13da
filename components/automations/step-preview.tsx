"use client";

import { useMemo } from "react";
import { Alert } from "@/components/ui/alert";
import { SandboxedFrame } from "@/components/ui/sandboxed-frame";
import { useDefaultLayout } from "@/lib/hooks/use-layouts";
import { renderStepPreview } from "./automation-format";

interface StepPreviewProps {
  subject: string;
  html: string;
  listName?: string;
  height?: number;
  /** Warn about variables only a contact's properties can fill (the step editor). */
  warnUnfilled?: boolean;
}

/** A step's subject and body rendered with the sample variables in the account's layout, in a sandboxed frame. */
export function StepPreview({ subject, html, listName, height = 260, warnUnfilled }: StepPreviewProps) {
  const layout = useDefaultLayout();
  const rendered = useMemo(() => renderStepPreview(subject, html, listName, layout), [subject, html, listName, layout]);
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
      <div className="border-b border-zinc-100 bg-zinc-50/70 px-3 py-2 text-[13px]">
        <span className="text-zinc-500">Subject </span>
        <span className="font-medium break-words text-zinc-900" data-testid="preview-subject">
          {rendered.subject || <span className="font-normal text-zinc-500">No subject</span>}
        </span>
      </div>
      {warnUnfilled && !rendered.error && rendered.unfilled.length > 0 && (
        <p className="border-b border-zinc-100 bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="unfilled-variables">
          <span className="font-mono break-all">{rendered.unfilled.map((name) => `{{${name}}}`).join(", ")}</span>{" "}
          {rendered.unfilled.length === 1 ? "is" : "are"} not built in: empty for a contact without{" "}
          {rendered.unfilled.length === 1 ? "that property" : "those properties"} (or a trigger event without{" "}
          {rendered.unfilled.length === 1 ? "it" : "them"}).
        </p>
      )}
      {rendered.error ? (
        <div className="p-3">
          <Alert tone="warning" title="Preview paused">
            {rendered.error}
          </Alert>
        </div>
      ) : (
        <SandboxedFrame title={`Preview: ${rendered.subject}`} html={rendered.html} width={600} height={height} fitNarrowBox />
      )}
    </div>
  );
}
