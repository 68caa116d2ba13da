import { MarkerType } from "@xyflow/react";
import { branchesOf, type Branch } from "@/lib/automations/graph/edit-graph";
import type { Graph } from "@/lib/automations/graph/graph-types";
import { layoutGraph } from "@/lib/automations/graph/layout-graph";
import { branchLabel } from "./journey-format";
import { ADD_NODE_SIZE, JOURNEY_NODE_HEIGHT, JOURNEY_NODE_WIDTH, type BranchEdge, type JourneyNode } from "./journey-nodes";

const COLUMN = JOURNEY_NODE_WIDTH + 48;
const ROW = JOURNEY_NODE_HEIGHT + 72;

const addKey = (b: Branch) => `+${b.from}|${b.type}|${b.variant ?? ""}`;

/**
 * Nodes and edges of a journey, laid out top-down. A step moved by hand sits at its stored
 * position; the others keep the automatic layout. While it can be edited, every branch that
 * leads nowhere gets a "+" placeholder (laid out like a step, so it never overlaps one), which
 * follows its step when that step was moved.
 */
export function journeyElements(graph: Graph, editable: boolean): { nodes: JourneyNode[]; edges: BranchEdge[] } {
  const open = editable ? graph.steps.flatMap((s) => branchesOf(graph, s.key).filter((b) => b.to === null)) : [];
  const withPlaceholders: Graph = {
    steps: [...graph.steps, ...open.map((b) => ({ key: addKey(b), type: "exit" as const, config: {} }))],
    connections: [...graph.connections, ...open.map((b) => ({ from: b.from, to: addKey(b), type: b.type, variant: b.variant }))],
  };
  const at = layoutGraph(withPlaceholders, { columnWidth: COLUMN, rowHeight: ROW });
  const stored = new Map(graph.steps.filter((s) => s.position).map((s) => [s.key, s.position!]));
  const nodes: JourneyNode[] = [
    ...graph.steps.map((step) => ({
      id: step.key,
      type: "step" as const,
      position: step.position ? { x: step.position.x, y: step.position.y } : { x: at.get(step.key)!.x, y: at.get(step.key)!.y },
      data: { step },
      // Draggable as the canvas says (nodesDraggable): while the journey can be edited, with a mouse.
    })),
    ...open.map((branch) => {
      const p = at.get(addKey(branch))!;
      // Below a moved step: where the automatic layout put it relative to that step.
      const moved = stored.get(branch.from);
      const from = at.get(branch.from)!;
      const base = moved ? { x: moved.x + p.x - from.x, y: moved.y + p.y - from.y } : p;
      return {
        id: addKey(branch),
        type: "add" as const,
        position: { x: base.x, y: base.y + (JOURNEY_NODE_HEIGHT - ADD_NODE_SIZE) / 4 },
        data: { branch: { from: branch.from, type: branch.type, variant: branch.variant }, label: branchLabel(branch) },
        draggable: false,
        selectable: false,
      };
    }),
  ];
  const keys = new Set(graph.steps.map((s) => s.key));
  const edges: BranchEdge[] = withPlaceholders.connections
    .filter((c) => keys.has(c.from) && at.has(c.to))
    .map((c) => {
      const toStep = keys.has(c.to);
      return {
        id: `${c.from}|${c.type}|${c.variant ?? ""}->${c.to}`,
        source: c.from,
        target: c.to,
        type: "branch" as const,
        selectable: false,
        focusable: false,
        markerEnd: toStep ? { type: MarkerType.ArrowClosed, color: "#a1a1aa", width: 16, height: 16 } : undefined,
        data: {
          label: branchLabel(c),
          path: c.type === "variant" ? `variant:${c.variant ?? ""}` : c.type,
          branch: toStep ? { from: c.from, type: c.type, ...(c.variant !== undefined ? { variant: c.variant } : {}) } : null,
        },
      };
    });
  return { nodes, edges };
}
