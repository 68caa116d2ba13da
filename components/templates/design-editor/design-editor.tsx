"use client";

import type { Dispatch } from "react";
import { historyKey } from "@/lib/ui/history-key";
import type { DesignEditorAction, DesignEditorState } from "@/lib/ui/design-editor-state";
import { BlockCard } from "./block-card";
import { BlocksToolbar } from "./blocks-toolbar";
import { DEFAULT_ACCENT, DesignAccent, DesignRevision } from "./design-editor-context";
import { ThemeFields } from "./theme-fields";
import { useHistoryShortcuts } from "./use-history-shortcuts";

interface DesignEditorProps {
  state: DesignEditorState;
  dispatch: Dispatch<DesignEditorAction>;
  /** Variables the template uses, offered first when inserting one. */
  knownVariables: string[];
  /** The first problem that stops the design from being saved, if any. */
  problem?: string | null;
}

/**
 * The visual editor: a toolbar to add blocks, undo and redo, then the blocks in order, each with
 * its fields and its moves. Keyboard: Tab through everything, Alt+Arrow up/down moves the block
 * in focus, Ctrl/Cmd+Z undoes and Shift+Ctrl/Cmd+Z or Ctrl+Y redoes anywhere in the editor.
 */
export function DesignEditor({ state, dispatch, knownVariables, problem }: DesignEditorProps) {
  const { design } = state;
  useHistoryShortcuts(dispatch);

  return (
    <div
      className="space-y-3"
      data-testid="design-editor"
      onKeyDownCapture={(event) => {
        const action = historyKey(event);
        if (!action) return;
        event.preventDefault();
        event.stopPropagation();
        dispatch({ type: action });
      }}
    >
      <BlocksToolbar state={state} dispatch={dispatch} />
      {problem && (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900">
          {problem}
        </p>
      )}
      <DesignRevision value={state.revision}>
        <DesignAccent value={design.theme?.accent ?? DEFAULT_ACCENT}>
          <ol className="space-y-3" aria-label="Email blocks">
            {design.blocks.map((block, index) => (
              <li key={block.id}>
                <BlockCard block={block} index={index} count={design.blocks.length} dispatch={dispatch} knownVariables={knownVariables} />
              </li>
            ))}
          </ol>
        </DesignAccent>
      </DesignRevision>
      {!design.blocks.length && <p className="text-sm text-zinc-500">No blocks yet: add a heading or some text above.</p>}
      <ThemeFields state={state} dispatch={dispatch} />
    </div>
  );
}
