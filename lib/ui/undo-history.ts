/**
 * The builder's undo/redo history: snapshots of the automation, many levels. Pure so it can be
 * tested without a browser; automation-builder.tsx restores a snapshot through the API
 * (restore-automation.ts) and then records what happened here.
 */

export interface Snapshot {
  steps: { id: string }[];
}

export interface History<T extends Snapshot> {
  past: T[];
  future: T[];
}

/** Older levels are dropped past this many. */
export const HISTORY_LIMIT = 50;

export const emptyHistory = <T extends Snapshot>(): History<T> => ({ past: [], future: [] });

export type HistoryAction<T extends Snapshot> =
  /** A change was stored: `before` is the automation as it was; redo is no longer possible. */
  | { type: "change"; before: T }
  /** Undo restored the last past snapshot; `current` is the automation before the undo. */
  | { type: "undone"; current: T; restored: T }
  /** Redo restored the first future snapshot; `current` is the automation before the redo. */
  | { type: "redone"; current: T; restored: T }
  | { type: "clear" };

/**
 * A step deleted and brought back by undo (or redo) gets a new id from the API. The other
 * snapshots still name the old id: map it to the new one so later undos keep the step (and its
 * id) instead of adding yet another copy. Steps are matched by position in `target`/`restored`.
 */
function renamedIds(target: Snapshot, restored: Snapshot): Map<string, string> {
  const renamed = new Map<string, string>();
  const restoredIds = new Set(restored.steps.map((s) => s.id));
  target.steps.forEach((step, i) => {
    const now = restored.steps[i];
    if (now && !restoredIds.has(step.id) && now.id !== step.id) renamed.set(step.id, now.id);
  });
  return renamed;
}

function rename<T extends Snapshot>(snapshots: T[], renamed: Map<string, string>): T[] {
  if (!renamed.size) return snapshots;
  return snapshots.map((snapshot) =>
    snapshot.steps.some((s) => renamed.has(s.id))
      ? { ...snapshot, steps: snapshot.steps.map((s) => (renamed.has(s.id) ? { ...s, id: renamed.get(s.id)! } : s)) }
      : snapshot,
  );
}

export function historyReducer<T extends Snapshot>(history: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case "change":
      return { past: [...history.past, action.before].slice(-HISTORY_LIMIT), future: [] };
    case "undone": {
      const target = history.past[history.past.length - 1];
      if (!target) return history;
      const renamed = renamedIds(target, action.restored);
      return {
        past: rename(history.past.slice(0, -1), renamed),
        future: rename([action.current, ...history.future], renamed),
      };
    }
    case "redone": {
      const target = history.future[0];
      if (!target) return history;
      const renamed = renamedIds(target, action.restored);
      return {
        past: rename([...history.past, action.current], renamed).slice(-HISTORY_LIMIT),
        future: rename(history.future.slice(1), renamed),
      };
    }
    case "clear":
      return emptyHistory();
  }
}
