import { describe, expect, it } from "vitest";
import { HISTORY_LIMIT, emptyHistory, historyReducer, type History } from "./undo-history";

interface Auto {
  name: string;
  steps: { id: string; subject: string }[];
}
const auto = (name: string, ...steps: [string, string][]): Auto => ({ name, steps: steps.map(([id, subject]) => ({ id, subject })) });

describe("historyReducer", () => {
  it("keeps many levels: three changes undo back in order and redo forward again", () => {
    const a = auto("a", ["s1", "x"]);
    const b = auto("b", ["s1", "x"]);
    const c = auto("c", ["s1", "x"]);
    const d = auto("d", ["s1", "x"]);
    let h: History<Auto> = emptyHistory();
    h = historyReducer(h, { type: "change", before: a });
    h = historyReducer(h, { type: "change", before: b });
    h = historyReducer(h, { type: "change", before: c });
    expect(h.past.map((s) => s.name)).toEqual(["a", "b", "c"]);

    // Undo three times from d: the targets are c, b, a.
    const targets: string[] = [];
    let current = d;
    for (let i = 0; i < 3; i++) {
      const target = h.past[h.past.length - 1];
      targets.push(target.name);
      h = historyReducer(h, { type: "undone", current, restored: target });
      current = target;
    }
    expect(targets).toEqual(["c", "b", "a"]);
    expect(h.past).toEqual([]);
    expect(h.future.map((s) => s.name)).toEqual(["b", "c", "d"]);

    // Redo once: b comes back, a is undoable again.
    const redoTarget = h.future[0];
    h = historyReducer(h, { type: "redone", current, restored: redoTarget });
    expect(redoTarget.name).toBe("b");
    expect(h.past.map((s) => s.name)).toEqual(["a"]);
    expect(h.future.map((s) => s.name)).toEqual(["c", "d"]);
  });

  it("drops the redo levels when a new change is made", () => {
    let h: History<Auto> = emptyHistory();
    h = historyReducer(h, { type: "change", before: auto("a") });
    h = historyReducer(h, { type: "undone", current: auto("b"), restored: auto("a") });
    expect(h.future).toHaveLength(1);
    h = historyReducer(h, { type: "change", before: auto("a") });
    expect(h.future).toEqual([]);
    expect(h.past.map((s) => s.name)).toEqual(["a"]);
  });

  it("undo and redo with nothing to restore change nothing", () => {
    const h: History<Auto> = emptyHistory();
    expect(historyReducer(h, { type: "undone", current: auto("a"), restored: auto("a") })).toBe(h);
    expect(historyReducer(h, { type: "redone", current: auto("a"), restored: auto("a") })).toBe(h);
  });

  it(`keeps at most ${HISTORY_LIMIT} levels, dropping the oldest`, () => {
    let h: History<Auto> = emptyHistory();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h = historyReducer(h, { type: "change", before: auto(String(i)) });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0].name).toBe("5");
  });

  it("a step brought back by undo under a new id is renamed in every other snapshot", () => {
    // s2 was edited (level 1), then deleted (level 2). Undoing the delete recreates it as s2b.
    const edited = auto("n", ["s1", "x"], ["s2", "old"]);
    const beforeDelete = auto("n", ["s1", "x"], ["s2", "new"]);
    const afterDelete = auto("n", ["s1", "x"]);
    let h: History<Auto> = emptyHistory();
    h = historyReducer(h, { type: "change", before: edited });
    h = historyReducer(h, { type: "change", before: beforeDelete });
    const restored = auto("n", ["s1", "x"], ["s2b", "new"]);
    h = historyReducer(h, { type: "undone", current: afterDelete, restored });
    // The older level now names s2b: undoing the edit updates that step instead of adding one.
    expect(h.past[0].steps.map((s) => s.id)).toEqual(["s1", "s2b"]);
    expect(h.past[0].steps[1].subject).toBe("old");
    expect(h.future[0].steps.map((s) => s.id)).toEqual(["s1"]);
  });
});
