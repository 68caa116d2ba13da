import { OUTGOING, type Graph, type GraphConnection } from "./graph-types";

// A journey drawn top-down without stored positions: each step's row is its longest path from
// the trigger (so a step after a merge sits below both branches), and its column range is its
// place in a spanning tree taken depth-first in branch order (a condition's yes left of its no,
// a wait's event left of its timeout, a split's variants in their order). Sibling subtrees get
// disjoint column ranges, so no two steps overlap whatever their rows. Connections that close
// a loop (back to a step already on the path) are left out of the ranking.

export interface LayoutOptions {
  /** Width of a column: a node's width plus the gap between columns. */
  columnWidth: number;
  /** Height of a row: a node's height plus the gap between rows. */
  rowHeight: number;
}

export interface NodePosition {
  x: number;
  y: number;
  /** The step's row (0 = the trigger's) and left column, in grid units. */
  row: number;
  column: number;
}

/** The order of a step's outgoing connections: by branch type, a split's variants in their configured order. */
export function orderedOutgoing(graph: Graph, key: string): GraphConnection[] {
  const step = graph.steps.find((s) => s.key === key);
  const types = step ? (OUTGOING[step.type] ?? []) : [];
  const variants = ((step?.config.variants as { name?: unknown }[] | undefined) ?? []).map((v) => String(v?.name ?? ""));
  const rank = (c: GraphConnection) => {
    const t = types.indexOf(c.type);
    const v = c.type === "variant" ? variants.indexOf(c.variant ?? "") : 0;
    return (t < 0 ? types.length : t) * 1000 + (v < 0 ? 999 : v);
  };
  return graph.connections
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.from === key)
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

/** Top-left positions of every step, keyed by step key. */
export function layoutGraph(graph: Graph, options: LayoutOptions): Map<string, NodePosition> {
  const keys = new Set(graph.steps.map((s) => s.key));
  const out = new Map<string, string[]>();
  for (const s of graph.steps)
    out.set(
      s.key,
      orderedOutgoing(graph, s.key)
        .map((c) => c.to)
        .filter((to) => keys.has(to)),
    );

  // Depth-first from the trigger, then from any step left unreached: tree children, back edges
  // and a finishing order (its reverse is a topological order of the remaining edges).
  const roots = [...graph.steps.filter((s) => s.type === "trigger"), ...graph.steps.filter((s) => s.type !== "trigger")].map((s) => s.key);
  const children = new Map<string, string[]>();
  const back = new Set<string>();
  const state = new Map<string, "open" | "done">();
  const finished: string[] = [];
  const treeRoots: string[] = [];
  for (const root of roots) {
    if (state.has(root)) continue;
    treeRoots.push(root);
    // Iterative, so a long chain of a hundred steps cannot overflow the stack.
    const stack: { key: string; next: number }[] = [{ key: root, next: 0 }];
    state.set(root, "open");
    children.set(root, []);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const targets = out.get(top.key) ?? [];
      if (top.next >= targets.length) {
        state.set(top.key, "done");
        finished.push(top.key);
        stack.pop();
        continue;
      }
      const to = targets[top.next++];
      const seen = state.get(to);
      if (seen === "open") back.add(`${top.key}\u0000${to}`);
      else if (seen === undefined) {
        state.set(to, "open");
        children.get(top.key)!.push(to);
        children.set(to, []);
        stack.push({ key: to, next: 0 });
      }
    }
  }

  // Rows: the longest path from a root over the edges that are not back edges.
  const row = new Map<string, number>(treeRoots.map((r) => [r, 0]));
  for (const key of [...finished].reverse()) {
    const r = row.get(key) ?? 0;
    row.set(key, r);
    for (const to of out.get(key) ?? []) {
      if (back.has(`${key}\u0000${to}`) || to === key) continue;
      row.set(to, Math.max(row.get(to) ?? 0, r + 1));
    }
  }

  // Columns: a leaf takes one; a step spans its tree children's columns and sits at their centre.
  const width = new Map<string, number>();
  for (const key of finished)
    width.set(
      key,
      Math.max(
        1,
        (children.get(key) ?? []).reduce((n, c) => n + width.get(c)!, 0),
      ),
    );
  const positions = new Map<string, NodePosition>();
  let left = 0;
  for (const root of treeRoots) {
    const queue: { key: string; left: number }[] = [{ key: root, left }];
    while (queue.length) {
      const { key, left: l } = queue.shift()!;
      const w = width.get(key)!;
      const column = l + (w - 1) / 2;
      const r = row.get(key)!;
      positions.set(key, { x: column * options.columnWidth, y: r * options.rowHeight, row: r, column });
      let next = l;
      for (const c of children.get(key) ?? []) {
        queue.push({ key: c, left: next });
        next += width.get(c)!;
      }
    }
    left += width.get(root)!;
  }
  return positions;
}
