"use client";

import { useCallback, useMemo, useReducer, useState } from "react";
import { designSchema, type DesignInput } from "@/lib/templates/design";
import { renderDesignHtml } from "@/lib/templates/render-design-html";
import { designEditorReducer, initialEditorState } from "@/lib/ui/design-editor-state";

/** How an email's body is edited: blocks in the visual editor, or HTML as code. */
export type EditorMode = "visual" | "code";

/** The design's HTML, or the first problem that stops it from being saved. */
export function renderDesignState(design: DesignInput): { html: string; problem: null } | { html: null; problem: string } {
  const parsed = designSchema.safeParse(design);
  if (parsed.success) return { html: renderDesignHtml(parsed.data), problem: null };
  const issue = parsed.error.issues[0];
  const block = typeof issue?.path[1] === "number" ? `Block ${issue.path[1] + 1}: ` : "";
  return { html: null, problem: `${block}${issue?.message ?? "check the blocks"}` };
}

/**
 * The body of an email edited visually or as code, shared by templates and broadcasts. A saved
 * record with a design opens in the visual editor; one with HTML but no design opens as code and
 * is never run through the visual editor; a new one starts visual from `starter`.
 */
export function useDesignBody(options: { saved?: { design: unknown; html: string | null }; starter: () => DesignInput }) {
  const { saved } = options;
  const [mode, setMode] = useState<EditorMode>(saved && !saved.design ? "code" : "visual");
  const [editor, dispatch] = useReducer(designEditorReducer, undefined, () =>
    initialEditorState((saved?.design as DesignInput | null | undefined) ?? options.starter()),
  );
  const [savedDesign, setSavedDesign] = useState(editor.design);
  const rendered = useMemo(() => (mode === "visual" ? renderDesignState(editor.design) : null), [mode, editor.design]);
  // While a block is incomplete (a link being typed), the last design that rendered stays up.
  const [lastGoodHtml, setLastGoodHtml] = useState<string>(saved?.html ?? "");
  if (rendered?.html && rendered.html !== lastGoodHtml) setLastGoodHtml(rendered.html);
  const html = rendered?.html ?? lastGoodHtml;
  return {
    mode,
    editor,
    dispatch,
    /** The design's HTML (visual mode): what the preview shows and a save stores. */
    html,
    /** Why the design cannot be saved as it is, if it cannot. */
    problem: rendered?.problem ?? null,
    dirty: mode === "visual" && editor.design !== savedDesign,
    /** After a save: the current design is the saved one. */
    markSaved: useCallback(() => setSavedDesign(editor.design), [editor.design]),
    /** One way: returns the HTML the code editor starts from. */
    switchToCode: useCallback(() => {
      setMode("code");
      return html;
    }, [html]),
  };
}

export type DesignBody = ReturnType<typeof useDesignBody>;
