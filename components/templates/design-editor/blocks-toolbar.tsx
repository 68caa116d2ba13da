"use client";

import type { Dispatch } from "react";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { newBlock, type AddableType, type DesignEditorAction, type DesignEditorState } from "@/lib/ui/design-editor-state";
import { BLOCK_LABELS } from "./block-labels";

/** The editor's toolbar: a button per block type to add one (a design has one footer at most), then undo and redo. */
export function BlocksToolbar({ state, dispatch }: { state: DesignEditorState; dispatch: Dispatch<DesignEditorAction> }) {
  const hasFooter = state.design.blocks.some((b) => b.type === "footer");
  const addable = (Object.keys(BLOCK_LABELS) as AddableType[]).filter((t) => t !== "footer" || !hasFooter);
  return (
    <div role="toolbar" aria-label="Blocks" className="flex flex-wrap items-center gap-1.5">
      <span className="mr-1 text-[13px] font-medium text-zinc-700">Add</span>
      {addable.map((type) => (
        <Button
          key={type}
          size="sm"
          variant="secondary"
          onClick={() => dispatch({ type: "add", block: newBlock(type) })}
          aria-label={`Add ${BLOCK_LABELS[type].toLowerCase()}`}
        >
          <PlusIcon className="size-3.5" />
          {BLOCK_LABELS[type]}
        </Button>
      ))}
      <span className="ml-auto flex gap-1">
        <Button size="sm" variant="ghost" disabled={!state.past.length} onClick={() => dispatch({ type: "undo" })} title="Undo (Ctrl+Z)">
          Undo
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!state.future.length}
          onClick={() => dispatch({ type: "redo" })}
          title="Redo (Shift+Ctrl+Z)"
        >
          Redo
        </Button>
      </span>
    </div>
  );
}
