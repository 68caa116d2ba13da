"use client";

import type { Dispatch, MouseEvent } from "react";
import { ChevronDownIcon, CopyIcon, TrashIcon } from "@/components/ui/icons";
import { cn } from "@/lib/ui/cn";
import { newBlockId, type DesignEditorAction, type EditorBlock, type EditorColumnBlock } from "@/lib/ui/design-editor-state";
import { BLOCK_LABELS } from "./block-labels";
import { BlockFields } from "./block-fields";
import { IconButton } from "./icon-button";

/**
 * One block: a region named after its type, with buttons to move it up or down, duplicate it
 * (not the footer) and delete it, then its fields. Alt+Arrow up/down moves it from the keyboard.
 */
export function BlockCard({
  block,
  index,
  count,
  dispatch,
  knownVariables,
  inColumn,
}: {
  block: EditorBlock | EditorColumnBlock;
  index: number;
  count: number;
  dispatch: Dispatch<DesignEditorAction>;
  knownVariables: string[];
  inColumn?: boolean;
}) {
  const label = BLOCK_LABELS[block.type];
  const update = (patch: Partial<EditorBlock>, key?: string) => dispatch({ type: "update", id: block.id, patch, key, at: Date.now() });
  // Focus goes to the next block (or the one before, or the toolbar) instead of being lost.
  const remove = (event: MouseEvent<HTMLButtonElement>) => {
    const section = event.currentTarget.closest("section");
    const container = section?.parentElement?.tagName === "LI" ? section.parentElement : section;
    const sibling = container?.nextElementSibling ?? container?.previousElementSibling;
    const next = sibling?.matches("section") ? sibling : sibling?.querySelector("section");
    const fallback = section?.closest("[data-testid=design-editor]")?.querySelector<HTMLElement>("[role=toolbar] button");
    dispatch({ type: "remove", id: block.id });
    requestAnimationFrame(() => ((next as HTMLElement | null | undefined) ?? fallback)?.focus());
  };
  return (
    <section
      tabIndex={-1}
      aria-label={`${label} block`}
      data-block-type={block.type}
      className={cn(
        "rounded-xl border border-zinc-200 bg-white shadow-card focus-visible:outline-2 focus-visible:outline-brand-500",
        inColumn && "shadow-none",
      )}
      onKeyDown={(event) => {
        // Alt+Arrow moves the block; the event stops here so an outer block does not move too.
        if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
        event.preventDefault();
        event.stopPropagation();
        dispatch({ type: "move", id: block.id, by: event.key === "ArrowUp" ? -1 : 1 });
        // The block keeps focus where it lands (React keeps the node: same key).
      }}
    >
      <header className="flex items-center gap-1 border-b border-zinc-100 px-3 py-1.5">
        <h3 className="mr-auto text-[13px] font-semibold text-zinc-800">{label}</h3>
        <IconButton
          label={`Move ${label.toLowerCase()} up (Alt+↑)`}
          disabled={index === 0}
          onClick={() => dispatch({ type: "move", id: block.id, by: -1 })}
        >
          <ChevronDownIcon className="size-4 rotate-180" />
        </IconButton>
        <IconButton
          label={`Move ${label.toLowerCase()} down (Alt+↓)`}
          disabled={index === count - 1}
          onClick={() => dispatch({ type: "move", id: block.id, by: 1 })}
        >
          <ChevronDownIcon className="size-4" />
        </IconButton>
        {block.type !== "footer" && (
          <IconButton
            label={`Duplicate ${label.toLowerCase()}`}
            onClick={() => dispatch({ type: "duplicate", id: block.id, newId: newBlockId() })}
          >
            <CopyIcon className="size-4" />
          </IconButton>
        )}
        <IconButton label={`Delete ${label.toLowerCase()}`} onClick={remove}>
          <TrashIcon className="size-4" />
        </IconButton>
      </header>
      <div className="space-y-3 p-3">
        <BlockFields block={block} update={update} dispatch={dispatch} knownVariables={knownVariables} />
      </div>
    </section>
  );
}
