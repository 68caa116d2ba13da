"use client";

import { useId, type Dispatch } from "react";
import type { DesignEditorAction, DesignEditorState } from "@/lib/ui/design-editor-state";

const FIELDS = [
  ["background", "Background", "#f4f4f5"],
  ["surface", "Email", "#ffffff"],
  ["text", "Text", "#18181b"],
  ["accent", "Links and buttons", "#18181b"],
] as const;

/** The design's colours; a colour the theme leaves unset shows its default. */
export function ThemeFields({ state, dispatch }: { state: DesignEditorState; dispatch: Dispatch<DesignEditorAction> }) {
  const id = useId();
  const theme = state.design.theme ?? {};
  return (
    <fieldset className="flex flex-wrap gap-4 rounded-lg border border-zinc-200 bg-white px-3 py-2.5">
      <legend className="px-1 text-[13px] font-medium text-zinc-700">Colours</legend>
      {FIELDS.map(([key, label, fallback]) => (
        <label key={key} htmlFor={`${id}-${key}`} className="flex items-center gap-2 text-[13px] text-zinc-700">
          <input
            id={`${id}-${key}`}
            type="color"
            value={theme[key] ?? fallback}
            onChange={(e) => dispatch({ type: "theme", patch: { [key]: e.target.value }, at: Date.now() })}
            className="h-7 w-9 cursor-pointer rounded border border-zinc-200 bg-white p-0.5"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
