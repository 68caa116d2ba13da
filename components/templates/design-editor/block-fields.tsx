"use client";

import { useContext, useId, type Dispatch } from "react";
import type { JSONContent } from "@tiptap/react";
import { Select } from "@/components/ui/select";
import { hrefError, spacerHeightFromInput } from "@/lib/ui/design-block-fields";
import type { DesignEditorAction, EditorBlock, EditorColumnBlock } from "@/lib/ui/design-editor-state";
import { ColumnFields } from "./column-fields";
import { DesignAccent, DesignRevision } from "./design-editor-context";
import { AlignSelect, LabeledInput, Row } from "./field-controls";
import { FooterBlockFields } from "./footer-block-fields";
import { ImageBlockFields } from "./image-block-fields";
import { RichTextField } from "./rich-text-field";

export type AnyEditorBlock = EditorBlock | EditorColumnBlock;
/** Changes a block's fields; edits with the same key in quick succession make one undo step. */
export type UpdateBlock = (patch: Partial<EditorBlock>, key?: string) => void;

/** The fields of a block, by its type. */
export function BlockFields({
  block,
  update,
  dispatch,
  knownVariables,
}: {
  block: AnyEditorBlock;
  update: UpdateBlock;
  dispatch: Dispatch<DesignEditorAction>;
  knownVariables: string[];
}) {
  const revision = useContext(DesignRevision);
  switch (block.type) {
    case "heading":
      return <HeadingBlockFields block={block} update={update} knownVariables={knownVariables} />;
    case "text":
      return (
        <RichTextField
          label="Text"
          value={block.content as JSONContent}
          revision={revision}
          onChange={(content) => update({ content } as Partial<EditorBlock>, "content")}
          knownVariables={knownVariables}
        />
      );
    case "button":
      return <ButtonBlockFields block={block} update={update} />;
    case "image":
      return <ImageBlockFields block={block} update={update} />;
    case "divider":
      return <hr className="border-zinc-200" aria-hidden="true" />;
    case "spacer":
      return (
        <LabeledInput
          label="Height in pixels"
          type="number"
          min={4}
          max={160}
          value={block.height}
          onChange={(height) => update({ height: spacerHeightFromInput(height) } as Partial<EditorBlock>, "height")}
        />
      );
    case "columns":
      return (
        <div className="grid gap-3 md:grid-cols-2">
          {([0, 1] as const).map((column) => (
            <ColumnFields
              key={column}
              columnsId={block.id}
              column={column}
              blocks={block.columns[column]}
              dispatch={dispatch}
              knownVariables={knownVariables}
            />
          ))}
        </div>
      );
    case "footer":
      return <FooterBlockFields block={block} update={update} knownVariables={knownVariables} />;
  }
}

function HeadingBlockFields({
  block,
  update,
  knownVariables,
}: {
  block: Extract<AnyEditorBlock, { type: "heading" }>;
  update: UpdateBlock;
  knownVariables: string[];
}) {
  const id = useId();
  const revision = useContext(DesignRevision);
  return (
    <>
      <RichTextField
        variant="inline"
        label="Heading text"
        value={block.content as JSONContent}
        revision={revision}
        onChange={(content) => update({ content } as Partial<EditorBlock>, "content")}
        knownVariables={knownVariables}
        className="text-lg font-semibold"
      />
      <Row>
        <div className="space-y-1">
          <label htmlFor={`${id}-level`} className="block text-[13px] font-medium text-zinc-700">
            Size
          </label>
          <Select
            id={`${id}-level`}
            value={block.level}
            onChange={(e) => update({ level: Number(e.target.value) as 1 | 2 | 3 } as Partial<EditorBlock>)}
          >
            <option value={1}>Large (H1)</option>
            <option value={2}>Medium (H2)</option>
            <option value={3}>Small (H3)</option>
          </Select>
        </div>
        <AlignSelect value={block.align} onChange={(align) => update({ align } as Partial<EditorBlock>)} />
      </Row>
    </>
  );
}

function ButtonBlockFields({ block, update }: { block: Extract<AnyEditorBlock, { type: "button" }>; update: UpdateBlock }) {
  const accent = useContext(DesignAccent);
  return (
    <>
      <Row>
        <LabeledInput
          label="Label"
          value={block.label}
          onChange={(label) => update({ label } as Partial<EditorBlock>, "label")}
          error={block.label.trim() ? null : "Enter a label"}
        />
        <LabeledInput
          label="Link"
          value={block.href}
          mono
          onChange={(href) => update({ href } as Partial<EditorBlock>, "href")}
          error={hrefError(block.href)}
        />
      </Row>
      <Row>
        <AlignSelect value={block.align} onChange={(align) => update({ align } as Partial<EditorBlock>)} />
        <label className="flex items-end gap-2 text-[13px] font-medium text-zinc-700">
          <input
            type="color"
            value={block.color ?? accent}
            onChange={(e) => update({ color: e.target.value } as Partial<EditorBlock>, "color")}
            className="h-9 w-11 cursor-pointer rounded border border-zinc-200 bg-white p-0.5"
          />
          <span className="pb-2">Button colour</span>
        </label>
      </Row>
    </>
  );
}
