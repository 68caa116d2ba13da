import type { ColumnBlock, DesignBlock, DesignInput } from "@/lib/templates/design";

// The visual email editor's state: the design being edited, the block in focus, and undo/redo
// over whole designs. Pure so it can be tested without a browser. Typing in one field makes one
// undo step, not one per key: changes to the same field within COALESCE_MS of each other merge.

export type EditorBlock = DesignInput["blocks"][number];
export type EditorColumnBlock = Extract<EditorBlock, { type: "columns" }>["columns"][number][number];
export type AddableType = EditorBlock["type"];

export interface DesignEditorState {
  design: DesignInput;
  past: DesignInput[];
  future: DesignInput[];
  /** The field the last change was made to and when, for merging keystrokes into one step. */
  lastChange: { key: string; at: number } | null;
  /**
   * Counts changes made from outside the fields (undo, redo): a rich-text field shows its value
   * again only when this moves, so its own keystrokes, echoed back a render late, never
   * overwrite newer typing.
   */
  revision: number;
}

export const DESIGN_HISTORY_LIMIT = 100;
export const COALESCE_MS = 1000;

/** Where a block sits: top level, or in one of a columns block's two columns. */
export interface BlockPlace {
  columnsId?: string;
  column?: 0 | 1;
}

export type DesignEditorAction =
  | { type: "add"; block: EditorBlock; index?: number; place?: BlockPlace }
  | { type: "update"; id: string; patch: Partial<EditorBlock>; key?: string; at?: number }
  | { type: "move"; id: string; by: -1 | 1 }
  | { type: "remove"; id: string }
  | { type: "duplicate"; id: string; newId: string }
  | { type: "theme"; patch: Partial<NonNullable<DesignInput["theme"]>>; at?: number }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "reset"; design: DesignInput };

export function initialEditorState(design: DesignInput): DesignEditorState {
  return { design, past: [], future: [], lastChange: null, revision: 0 };
}

type AnyBlock = EditorBlock | EditorColumnBlock;

/** Applies `fn` to the list holding block `id` (top level or a column); null when not found. */
function editList(blocks: EditorBlock[], id: string, fn: <T extends AnyBlock>(list: T[], index: number) => T[]): EditorBlock[] | null {
  const index = blocks.findIndex((b) => b.id === id);
  if (index >= 0) return fn(blocks, index);
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (block.type !== "columns") continue;
    for (const c of [0, 1] as const) {
      const inner = block.columns[c].findIndex((b) => b.id === id);
      if (inner < 0) continue;
      const columns: typeof block.columns = [...block.columns];
      columns[c] = fn(block.columns[c], inner);
      const next = [...blocks];
      next[i] = { ...block, columns };
      return next;
    }
  }
  return null;
}

/** Every block id in the design, columns' blocks included. */
export function blockIds(design: DesignInput): string[] {
  return design.blocks.flatMap((b) =>
    b.type === "columns" ? [b.id, ...b.columns[0].map((c) => c.id), ...b.columns[1].map((c) => c.id)] : [b.id],
  );
}

/** The block with this id, wherever it sits. */
export function findBlock(design: DesignInput, id: string): AnyBlock | undefined {
  for (const block of design.blocks) {
    if (block.id === id) return block;
    if (block.type === "columns") {
      const inner = [...block.columns[0], ...block.columns[1]].find((b) => b.id === id);
      if (inner) return inner;
    }
  }
  return undefined;
}

function withIds<T extends AnyBlock>(block: T, newId: string): T {
  if (block.type !== "columns") return { ...block, id: newId };
  const columns = block.columns.map((column, c) => column.map((inner, i) => ({ ...inner, id: `${newId}-${c}-${i}` })));
  return { ...block, id: newId, columns } as T;
}

function changeDesign(design: DesignInput, action: DesignEditorAction): DesignInput | null {
  const blocks = design.blocks;
  switch (action.type) {
    case "add": {
      const { place } = action;
      if (place?.columnsId !== undefined && place.column !== undefined) {
        if (action.block.type === "columns" || action.block.type === "footer") return null;
        const inner = action.block as EditorColumnBlock;
        const next = editList(blocks, place.columnsId, (list, i) => {
          const columnsBlock = list[i];
          if (columnsBlock.type !== "columns") return list;
          const columns: typeof columnsBlock.columns = [...columnsBlock.columns];
          const column = [...columns[place.column!]];
          column.splice(action.index ?? column.length, 0, inner);
          columns[place.column!] = column;
          const copy = [...list];
          copy[i] = { ...columnsBlock, columns } as (typeof list)[number];
          return copy;
        });
        return next && { ...design, blocks: next };
      }
      // The footer stays last: a block added "at the end" goes above it.
      const footerAt = blocks.findIndex((b) => b.type === "footer");
      const end = footerAt >= 0 && action.block.type !== "footer" ? footerAt : blocks.length;
      const at = Math.min(action.index ?? end, blocks.length);
      const next = [...blocks];
      next.splice(at, 0, action.block);
      return { ...design, blocks: next };
    }
    case "update": {
      const next = editList(blocks, action.id, (list, i) => {
        const copy = [...list];
        copy[i] = { ...list[i], ...action.patch, id: list[i].id, type: list[i].type } as (typeof list)[number];
        return copy;
      });
      return next && { ...design, blocks: next };
    }
    case "move": {
      const next = editList(blocks, action.id, (list, i) => {
        const to = i + action.by;
        if (to < 0 || to >= list.length) return list;
        const copy = [...list];
        [copy[i], copy[to]] = [copy[to], copy[i]];
        return copy;
      });
      return next && next !== blocks ? { ...design, blocks: next } : null;
    }
    case "remove": {
      const next = editList(blocks, action.id, (list, i) => list.filter((_, j) => j !== i));
      return next && { ...design, blocks: next };
    }
    case "duplicate": {
      const next = editList(blocks, action.id, (list, i) => {
        const copy = [...list];
        copy.splice(i + 1, 0, withIds(list[i], action.newId));
        return copy;
      });
      return next && { ...design, blocks: next };
    }
    case "theme":
      return { ...design, theme: { ...design.theme, ...action.patch } as DesignInput["theme"] };
    default:
      return null;
  }
}

export function designEditorReducer(state: DesignEditorState, action: DesignEditorAction): DesignEditorState {
  if (action.type === "undo") {
    const previous = state.past[state.past.length - 1];
    if (!previous) return state;
    return {
      design: previous,
      past: state.past.slice(0, -1),
      future: [state.design, ...state.future],
      lastChange: null,
      revision: state.revision + 1,
    };
  }
  if (action.type === "redo") {
    const next = state.future[0];
    if (!next) return state;
    return {
      design: next,
      past: [...state.past, state.design].slice(-DESIGN_HISTORY_LIMIT),
      future: state.future.slice(1),
      lastChange: null,
      revision: state.revision + 1,
    };
  }
  if (action.type === "reset") return { ...initialEditorState(action.design), revision: state.revision + 1 };
  const design = changeDesign(state.design, action);
  if (!design) return state;
  const key = action.type === "update" && action.key ? `${action.id}:${action.key}` : action.type === "theme" ? "theme" : null;
  const at = action.type === "update" || action.type === "theme" ? (action.at ?? 0) : 0;
  // A keystroke right after another in the same field replaces the current step.
  if (key && state.lastChange?.key === key && at - state.lastChange.at <= COALESCE_MS) {
    return { ...state, design, future: [], lastChange: { key, at } };
  }
  return {
    design,
    past: [...state.past, state.design].slice(-DESIGN_HISTORY_LIMIT),
    future: [],
    lastChange: key ? { key, at } : null,
    revision: state.revision,
  };
}

let counter = 0;
/** A new block id, unique in the page's life (designs are small; ids only need to be unique in one). */
export function newBlockId(): string {
  counter += 1;
  return `b${Date.now().toString(36)}${counter.toString(36)}`;
}

const emptyDoc = () => ({ type: "doc" as const, content: [{ type: "paragraph" as const }] });

/** A new block of a type, as the "Add block" menu makes it. */
export function newBlock(type: AddableType, id = newBlockId()): EditorBlock {
  switch (type) {
    case "heading":
      return {
        id,
        type,
        level: 2,
        align: "left",
        content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Heading" }] }] },
      };
    case "text":
      return { id, type, content: emptyDoc() };
    case "button":
      return { id, type, label: "Button", href: "https://example.com", align: "left" };
    case "image":
      return { id, type, src: "https://placehold.co/600x300/png", alt: "", align: "center" };
    case "divider":
      return { id, type };
    case "spacer":
      return { id, type, height: 24 };
    case "columns":
      return {
        id,
        type,
        columns: [[{ id: `${id}-0-0`, type: "text", content: emptyDoc() }], [{ id: `${id}-1-0`, type: "text", content: emptyDoc() }]],
      };
    case "footer":
      return { id, type, content: emptyDoc(), address: "", unsubscribeLabel: "Unsubscribe" };
  }
}

/** The block types one column of a columns block can hold. */
export const COLUMN_BLOCK_TYPES = [
  "heading",
  "text",
  "button",
  "image",
  "divider",
  "spacer",
] as const satisfies readonly ColumnBlock["type"][];
export type { DesignBlock };
