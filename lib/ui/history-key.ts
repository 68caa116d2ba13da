/** The keys of a keyboard event that say whether it asks for undo or redo. */
export type HistoryKeyEvent = Pick<KeyboardEvent, "ctrlKey" | "metaKey" | "altKey" | "shiftKey" | "key">;

/** Ctrl/Cmd+Z is undo; Shift+Ctrl/Cmd+Z and Ctrl/Cmd+Y are redo; with Alt held, neither. */
export function historyKey(event: HistoryKeyEvent): "undo" | "redo" | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y") return "redo";
  return null;
}
