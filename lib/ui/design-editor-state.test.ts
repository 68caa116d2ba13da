import { describe, expect, it } from "vitest";
import { designSchema } from "@/lib/templates/design";
import { starterDesign } from "@/lib/templates/starter-design";
import {
  COALESCE_MS,
  DESIGN_HISTORY_LIMIT,
  blockIds,
  designEditorReducer,
  findBlock,
  initialEditorState,
  newBlock,
  type DesignEditorAction,
  type DesignEditorState,
} from "./design-editor-state";

const run = (state: DesignEditorState, ...actions: DesignEditorAction[]) => actions.reduce(designEditorReducer, state);
const types = (state: DesignEditorState) => state.design.blocks.map((b) => b.type);

describe("design editor state", () => {
  it("adds blocks above the footer, and every new block is valid for the server", () => {
    let state = initialEditorState(starterDesign());
    for (const type of ["heading", "text", "button", "image", "divider", "spacer", "columns"] as const) {
      state = run(state, { type: "add", block: newBlock(type) });
    }
    expect(types(state).slice(-8)).toEqual(["heading", "text", "button", "image", "divider", "spacer", "columns", "footer"]);
    expect(designSchema.safeParse(state.design).success).toBe(true);
    expect(new Set(blockIds(state.design)).size).toBe(blockIds(state.design).length);
  });

  it("undoes and redoes every kind of change, and a new change clears redo", () => {
    const start = initialEditorState(starterDesign());
    const added = run(start, { type: "add", block: newBlock("divider", "d1"), index: 0 });
    const moved = run(added, { type: "move", id: "d1", by: 1 });
    const removed = run(moved, { type: "remove", id: "b-button" });
    expect(types(removed)).toEqual(["heading", "divider", "text", "footer"]);
    const undone = run(removed, { type: "undo" }, { type: "undo" });
    expect(undone.design).toEqual(added.design);
    expect(run(undone, { type: "redo" }).design).toEqual(moved.design);
    const branched = run(undone, { type: "remove", id: "d1" });
    expect(branched.future).toEqual([]);
    expect(run(branched, { type: "redo" })).toBe(branched);
    expect(run(start, { type: "undo" })).toBe(start);
    // Only undo and redo count as changes from outside the fields.
    expect([start, added, undone, run(undone, { type: "redo" })].map((s) => s.revision)).toEqual([0, 0, 2, 3]);
  });

  it("merges keystrokes in one field into one undo step, but not across fields or pauses", () => {
    const start = initialEditorState(starterDesign());
    const typed = run(
      start,
      { type: "update", id: "b-button", patch: { label: "G" }, key: "label", at: 1000 },
      { type: "update", id: "b-button", patch: { label: "Go" }, key: "label", at: 1200 },
      { type: "update", id: "b-button", patch: { label: "Go!" }, key: "label", at: 1400 },
    );
    expect(typed.past).toHaveLength(1);
    expect(run(typed, { type: "undo" }).design).toEqual(start.design);
    const later = run(typed, { type: "update", id: "b-button", patch: { label: "Go now" }, key: "label", at: 1400 + COALESCE_MS + 1 });
    expect(later.past).toHaveLength(2);
    const otherField = run(typed, { type: "update", id: "b-button", patch: { href: "https://b.example" }, key: "href", at: 1500 });
    expect(otherField.past).toHaveLength(2);
  });

  it("edits, moves, duplicates and removes blocks inside columns", () => {
    let state = run(initialEditorState(starterDesign()), { type: "add", block: newBlock("columns", "c"), index: 0 });
    state = run(state, { type: "add", block: newBlock("button", "cb"), place: { columnsId: "c", column: 1 } });
    state = run(state, { type: "move", id: "cb", by: -1 });
    const columns = findBlock(state.design, "c");
    expect(columns?.type === "columns" && columns.columns[1].map((b) => b.id)).toEqual(["cb", "c-1-0"]);
    state = run(state, { type: "update", id: "cb", patch: { label: "Inside" } });
    expect(findBlock(state.design, "cb")).toMatchObject({ label: "Inside" });
    state = run(state, { type: "duplicate", id: "c", newId: "c2" });
    expect(blockIds(state.design).filter((id) => id.startsWith("c2"))).toHaveLength(4);
    // A columns block or a footer cannot go inside a column.
    expect(run(state, { type: "add", block: newBlock("footer"), place: { columnsId: "c", column: 0 } })).toBe(state);
    state = run(state, { type: "remove", id: "cb" });
    expect(findBlock(state.design, "cb")).toBeUndefined();
    expect(designSchema.safeParse(state.design).success).toBe(true);
  });

  it("keeps a bounded history", () => {
    let state = initialEditorState(starterDesign());
    for (let i = 0; i < DESIGN_HISTORY_LIMIT + 20; i++) state = run(state, { type: "add", block: newBlock("spacer", `s${i}`) });
    expect(state.past).toHaveLength(DESIGN_HISTORY_LIMIT);
  });
});
