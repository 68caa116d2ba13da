"use client";

import { useId, type Dispatch } from "react";
import { Select } from "@/components/ui/select";
import {
  COLUMN_BLOCK_TYPES,
  newBlock,
  type AddableType,
  type BlockPlace,
  type DesignEditorAction,
  type EditorColumnBlock,
} from "@/lib/ui/design-editor-state";
import { BlockCard } from "./block-card";
import { BLOCK_LABELS } from "./block-labels";

/** One column of a two-column block: its blocks, then a menu to add one (the types a column can hold). */
export function ColumnFields({
  columnsId,
  column,
  blocks,
  dispatch,
  knownVariables,
}: {
  columnsId: string;
  column: 0 | 1;
  blocks: EditorColumnBlock[];
  dispatch: Dispatch<DesignEditorAction>;
  knownVariables: string[];
}) {
  const id = useId();
  const place: BlockPlace = { columnsId, column };
  return (
    <div className="space-y-2 rounded-lg bg-zinc-50 p-2" role="group" aria-label={column === 0 ? "Left column" : "Right column"}>
      <p className="text-[12px] font-medium text-zinc-500">{column === 0 ? "Left column" : "Right column"}</p>
      {blocks.length === 0 && (
        <p className="rounded-md border border-dashed border-zinc-300 px-2 py-3 text-center text-[12px] text-zinc-500">
          Empty: it stays blank in the email until you add a block.
        </p>
      )}
      {blocks.map((block, index) => (
        <BlockCard
          key={block.id}
          block={block}
          index={index}
          count={blocks.length}
          dispatch={dispatch}
          knownVariables={knownVariables}
          inColumn
        />
      ))}
      <label htmlFor={id} className="sr-only">
        Add to the {column === 0 ? "left" : "right"} column
      </label>
      <Select
        id={id}
        value=""
        onChange={(e) => {
          const type = e.target.value as AddableType;
          if (type) dispatch({ type: "add", block: newBlock(type), place });
        }}
        className="h-8 text-[13px]"
      >
        <option value="">Add a block…</option>
        {COLUMN_BLOCK_TYPES.map((type) => (
          <option key={type} value={type}>
            {BLOCK_LABELS[type]}
          </option>
        ))}
      </Select>
    </div>
  );
}
