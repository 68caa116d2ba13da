"use client";

import { useEffect, type Dispatch } from "react";
import { historyKey } from "@/lib/ui/history-key";
import type { DesignEditorAction } from "@/lib/ui/design-editor-state";

/**
 * With nothing focused (a deleted block's button had focus), Ctrl/Cmd+Z is the design's undo,
 * not the browser's, which would undo typing in some field of the page instead. Keys pressed
 * inside the editor are its own handler's: this one only sees those aimed at the page itself.
 */
export function useHistoryShortcuts(dispatch: Dispatch<DesignEditorAction>) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || (event.target !== document.body && event.target !== document.documentElement)) return;
      const action = historyKey(event);
      if (!action) return;
      event.preventDefault();
      dispatch({ type: action });
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [dispatch]);
}
