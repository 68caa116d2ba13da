"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Automation, useAutomationActions } from "@/lib/hooks/use-automations";
import { historyKey } from "@/lib/ui/history-key";
import { emptyHistory, historyReducer, type HistoryAction } from "@/lib/ui/undo-history";
import { restoreAutomation } from "./restore-automation";

type Actions = ReturnType<typeof useAutomationActions>;
type Run = <T>(title: string, change: () => Promise<T>, undoable?: boolean) => Promise<T | undefined>;

/**
 * Undo/redo levels: snapshots of the automation, restored through the API. Kept in a ref as well
 * as in state, so the steps of one undo (save what is typed, then restore) see each other's changes.
 */
export function useBuilderHistory() {
  const historyRef = useRef(emptyHistory<Automation>());
  const [history, setHistory] = useState(emptyHistory<Automation>);
  const record = useCallback((action: HistoryAction<Automation>) => {
    historyRef.current = historyReducer(historyRef.current, action);
    setHistory(historyRef.current);
  }, []);
  return { history, historyRef, record };
}

/** Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z apply to the builder, except where the browser's own undo does. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select") !== null;
}

interface UndoRedoOptions {
  actions: Actions;
  locked: boolean;
  history: ReturnType<typeof useBuilderHistory>;
  /** Saves what is typed first, so it is the newest level; false when a form has errors. */
  saveAll: () => Promise<boolean>;
  run: Run;
  /** The automation as undo or redo left it: open forms start again from it. */
  onRestored: (restored: Automation) => void;
}

/**
 * Undo (back one level) and redo (forward one), from the buttons or the keyboard. Presses in
 * quick succession (Ctrl+Z, Ctrl+Z, …) each take a level, one after the other.
 */
export function useUndoRedo({ actions, locked, history, saveAll, run, onRestored }: UndoRedoOptions) {
  const { historyRef, record } = history;

  async function travel(direction: "undo" | "redo") {
    if (locked || !(await saveAll())) return;
    const { past, future } = historyRef.current;
    const target = direction === "undo" ? past[past.length - 1] : future[0];
    if (!target) return;
    const restored = await run(
      direction === "undo" ? "Could not undo" : "Could not redo",
      async () => {
        // The stored copy, not this render's: a save a moment ago may not have rendered yet.
        const current = await actions.refresh();
        const result = await restoreAutomation(actions, current, target);
        record({ type: direction === "undo" ? "undone" : "redone", current, restored: result });
        return result;
      },
      false,
    );
    if (restored) onRestored(restored);
  }
  const travelRef = useRef(travel);
  useEffect(() => {
    travelRef.current = travel;
  });
  const queue = useRef(Promise.resolve());
  const enqueue = useCallback((direction: "undo" | "redo") => {
    queue.current = queue.current.then(() => travelRef.current(direction)).catch(() => undefined);
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = historyKey(event);
      if (!direction || isTextEntry(event.target) || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      enqueue(direction);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enqueue]);
  return enqueue;
}
