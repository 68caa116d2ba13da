"use client";

import { useContext, useId } from "react";
import type { JSONContent } from "@tiptap/react";
import type { EditorBlock } from "@/lib/ui/design-editor-state";
import type { AnyEditorBlock, UpdateBlock } from "./block-fields";
import { DesignRevision } from "./design-editor-context";
import { LabeledInput } from "./field-controls";
import { RichTextField } from "./rich-text-field";

/** The footer's fields: a note, the postal address and the unsubscribe link's text. */
export function FooterBlockFields({
  block,
  update,
  knownVariables,
}: {
  block: Extract<AnyEditorBlock, { type: "footer" }>;
  update: UpdateBlock;
  knownVariables: string[];
}) {
  const id = useId();
  const revision = useContext(DesignRevision);
  return (
    <>
      <RichTextField
        variant="inline"
        label="Footer note"
        value={block.content as JSONContent}
        revision={revision}
        onChange={(content) => update({ content } as Partial<EditorBlock>, "content")}
        knownVariables={knownVariables}
        placeholder="Why the reader gets this email"
      />
      <div className="space-y-1">
        <label htmlFor={`${id}-address`} className="block text-[13px] font-medium text-zinc-700">
          Postal address
        </label>
        <textarea
          id={`${id}-address`}
          rows={2}
          value={block.address ?? ""}
          onChange={(e) => update({ address: e.target.value } as Partial<EditorBlock>, "address")}
          className="block w-full rounded-lg border border-zinc-200 px-3 py-2 text-sm text-zinc-900 shadow-xs focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none"
        />
      </div>
      <LabeledInput
        label="Unsubscribe link text"
        value={block.unsubscribeLabel ?? "Unsubscribe"}
        onChange={(unsubscribeLabel) => update({ unsubscribeLabel } as Partial<EditorBlock>, "unsubscribeLabel")}
      />
      <p className="text-[13px] text-zinc-500">The link goes to the recipient&apos;s own unsubscribe page ({"{{unsubscribe_url}}"}).</p>
    </>
  );
}
