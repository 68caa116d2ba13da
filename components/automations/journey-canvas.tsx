"use client";

import { useEffect, useMemo, useRef } from "react";
import { Background, Controls, MarkerType, ReactFlow, useReactFlow, useStore, type EdgeTypes, type NodeTypes } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { branchesOf, type Branch } from "@/lib/automations/graph/edit-graph";
import type { Graph } from "@/lib/automations/graph/graph-types";
import { layoutGraph } from "@/lib/automations/graph/layout-graph";
import { branchLabel } from "./journey-format";
import {
  ADD_NODE_SIZE,
  AddNodeView,
  BranchEdgeView,
  JOURNEY_NODE_HEIGHT,
  JOURNEY_NODE_WIDTH,
  StepNodeView,
  type BranchEdge,
  type JourneyNode,
} from "./journey-nodes";

const nodeTypes: NodeTypes = { step: StepNodeView, add: AddNodeView };
const edgeTypes: EdgeTypes = { branch: BranchEdgeView };
const COLUMN = JOURNEY_NODE_WIDTH + 48;
const ROW = JOURNEY_NODE_HEIGHT + 72;

/** Framing: the whole journey, never larger than life, never so small its text cannot be read. */
const FIT_VIEW = { maxZoom: 1, minZoom: 0.45, padding: 0.12 };

const addKey = (b: Branch) => `+${b.from}|${b.type}|${b.variant ?? ""}`;

/**
 * Nodes and edges of a journey, laid out top-down. While it can be edited, every branch that
 * leads nowhere gets a "+" placeholder (laid out like a step, so it never overlaps one).
 */
export function journeyElements(graph: Graph, editable: boolean): { nodes: JourneyNode[]; edges: BranchEdge[] } {
  const open = editable ? graph.steps.flatMap((s) => branchesOf(graph, s.key).filter((b) => b.to === null)) : [];
  const withPlaceholders: Graph = {
    steps: [...graph.steps, ...open.map((b) => ({ key: addKey(b), type: "exit" as const, config: {} }))],
    connections: [...graph.connections, ...open.map((b) => ({ from: b.from, to: addKey(b), type: b.type, variant: b.variant }))],
  };
  const at = layoutGraph(withPlaceholders, { columnWidth: COLUMN, rowHeight: ROW });
  const nodes: JourneyNode[] = [
    ...graph.steps.map((step) => ({
      id: step.key,
      type: "step" as const,
      position: { x: at.get(step.key)!.x, y: at.get(step.key)!.y },
      data: { step },
      draggable: false,
    })),
    ...open.map((branch) => {
      const p = at.get(addKey(branch))!;
      return {
        id: addKey(branch),
        type: "add" as const,
        position: { x: p.x, y: p.y + (JOURNEY_NODE_HEIGHT - ADD_NODE_SIZE) / 4 },
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

/**
 * Keyboard focus inside the canvas: a browser reveals a focused element by scrolling the
 * overflow-hidden container, which React Flow does not expect (the drawing and the pointer's
 * targets part ways). The scroll is undone and the viewport pans to the focused node instead.
 */
function FollowFocus({ selected }: { selected: string | null }) {
  const flow = useReactFlow();
  const domNode = useStore((s) => s.domNode);
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  useEffect(() => {
    if (!domNode) return;
    const unscroll = (event: Event) => {
      const element = event.target as HTMLElement;
      if (element !== domNode && !domNode.contains(element)) return;
      if (element.scrollTop) element.scrollTop = 0;
      if (element.scrollLeft) element.scrollLeft = 0;
    };
    const reveal = (event: FocusEvent) => {
      const id = (event.target as HTMLElement).closest<HTMLElement>(".react-flow__node")?.dataset.id;
      if (id) revealNode(flow, id, width, height);
    };
    // Scroll events do not bubble: caught on the way down, for the container and its panes.
    domNode.addEventListener("scroll", unscroll, true);
    domNode.addEventListener("focusin", reveal);
    return () => {
      domNode.removeEventListener("scroll", unscroll, true);
      domNode.removeEventListener("focusin", reveal);
    };
  }, [domNode, flow, width, height]);
  // A canvas that changes width (a phone turned, a window resized) is framed again.
  const framedWidth = useRef(width);
  useEffect(() => {
    if (!width || framedWidth.current === width) return;
    const first = !framedWidth.current;
    framedWidth.current = width;
    if (!first) void flow.fitView(FIT_VIEW);
  }, [width, flow]);
  // A step just selected (a new one included) is brought into view.
  useEffect(() => {
    if (!selected || !width || !height || !domNode) return;
    const frame = requestAnimationFrame(() => revealNode(flow, selected, width, visibleCanvasHeight(domNode, height)));
    return () => cancelAnimationFrame(frame);
  }, [selected, flow, width, height, domNode]);
  return null;
}

/**
 * Below lg the step editor is a bottom sheet over the lower part of the screen: a step selected
 * there is framed in the part of the canvas above the sheet.
 */
function visibleCanvasHeight(canvas: HTMLElement, height: number): number {
  if (!window.matchMedia("(max-width: 1023.98px)").matches) return height;
  const sheet = document.querySelector<HTMLElement>('aside[aria-label="Step editor"]');
  if (!sheet) return height;
  const above = sheet.getBoundingClientRect().top - canvas.getBoundingClientRect().top;
  return Math.max(JOURNEY_NODE_HEIGHT, Math.min(height, above));
}

/** Centres a node in the visible part of the viewport, at the same zoom, when it is (partly) outside it. */
function revealNode(flow: ReturnType<typeof useReactFlow>, id: string, width: number, height: number) {
  const node = flow.getNode(id);
  if (!node) return;
  const { x, y, zoom } = flow.getViewport();
  const left = node.position.x * zoom + x;
  const top = node.position.y * zoom + y;
  const inside = left >= 0 && top >= 0 && left + JOURNEY_NODE_WIDTH * zoom <= width && top + JOURNEY_NODE_HEIGHT * zoom <= height;
  if (inside) return;
  const cx = node.position.x + JOURNEY_NODE_WIDTH / 2;
  const cy = node.position.y + JOURNEY_NODE_HEIGHT / 2;
  void flow.setViewport({ x: width / 2 - cx * zoom, y: height / 2 - cy * zoom, zoom }, { duration: 150 });
}

interface JourneyCanvasProps {
  graph: Graph;
  editable: boolean;
  selected: string | null;
  onSelect: (key: string) => void;
}

export function JourneyCanvas({ graph, editable, selected, onSelect }: JourneyCanvasProps) {
  const { nodes, edges } = useMemo(() => journeyElements(graph, editable), [graph, editable]);
  return (
    <ReactFlow<JourneyNode, BranchEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      nodesDraggable={false}
      nodesConnectable={false}
      nodesFocusable={false}
      edgesFocusable={false}
      elementsSelectable={false}
      // Delete is handled by the step's own button, after a confirmation.
      deleteKeyCode={null}
      // Clicking anywhere on a step selects it (its button does the same for keyboards). A node
      // without a click handler, neither selectable nor draggable, would not take the pointer.
      onNodeClick={(event, node) => {
        if (node.type === "step" && !(event.target as HTMLElement).closest("button")) onSelect(node.id);
      }}
      panOnScroll
      zoomOnDoubleClick={false}
      minZoom={0.25}
      maxZoom={1.25}
      fitView
      fitViewOptions={FIT_VIEW}
    >
      <Background gap={16} size={1} color="#e4e4e7" />
      <Controls showInteractive={false} position="bottom-left" fitViewOptions={FIT_VIEW} />
      <FollowFocus selected={selected} />
    </ReactFlow>
  );
}
