"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import {
  applyNodeChanges,
  Background,
  Controls,
  Panel,
  ReactFlow,
  useReactFlow,
  useStore,
  type EdgeTypes,
  type NodeTypes,
  type Viewport,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import type { Graph, StepPosition } from "@/lib/automations/graph/graph-types";
import { journeyElements } from "./journey-elements";
import {
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
/** Framing: the whole journey, never larger than life, never so small its text cannot be read. */
const FIT_VIEW = { maxZoom: 1, minZoom: 0.45, padding: 0.12 };

/**
 * Keyboard focus inside the canvas: a browser reveals a focused element by scrolling the
 * overflow-hidden container, which React Flow does not expect (the drawing and the pointer's
 * targets part ways). The scroll is undone and the viewport pans to the focused node instead.
 */
function FollowFocus({ selected }: { selected: string | null }) {
  const flow = useReactFlow();
  const heading = useRef<Heading | null>(null);
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
      if (id) revealNode(flow, heading, id, width, height);
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
    const frame = requestAnimationFrame(() => revealNode(flow, heading, selected, width, visibleCanvasHeight(domNode, height)));
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

const PAN_MS = 150;

/** Where a pan still under way ends, and when. */
interface Heading {
  viewport: Viewport;
  until: number;
}

/**
 * Centres a node in the visible part of the viewport, at the same zoom, when it is (partly)
 * outside it. A pan still under way is judged by where it ends, not by where it is now: a focused
 * step's pan toward the middle of the canvas, caught halfway by the pan to the part above a
 * bottom sheet that just opened, would otherwise end with the step under the sheet.
 */
function revealNode(
  flow: ReturnType<typeof useReactFlow>,
  heading: { current: Heading | null },
  id: string,
  width: number,
  height: number,
) {
  const node = flow.getNode(id);
  if (!node) return;
  const pending = heading.current && heading.current.until > performance.now() ? heading.current.viewport : null;
  const { x, y, zoom } = pending ?? flow.getViewport();
  const left = node.position.x * zoom + x;
  const top = node.position.y * zoom + y;
  const inside = left >= 0 && top >= 0 && left + JOURNEY_NODE_WIDTH * zoom <= width && top + JOURNEY_NODE_HEIGHT * zoom <= height;
  if (inside) return;
  const cx = node.position.x + JOURNEY_NODE_WIDTH / 2;
  const cy = node.position.y + JOURNEY_NODE_HEIGHT / 2;
  const viewport = { x: width / 2 - cx * zoom, y: height / 2 - cy * zoom, zoom };
  heading.current = { viewport, until: performance.now() + PAN_MS };
  void flow.setViewport(viewport, { duration: PAN_MS });
}

interface JourneyCanvasProps {
  graph: Graph;
  editable: boolean;
  selected: string | null;
  onSelect: (key: string) => void;
  /** A step dropped at a new place (its top-left corner, whole pixels). */
  onMove: (key: string, position: StepPosition) => void;
  /** Every step back to the automatic layout. */
  onResetLayout: () => void;
}

/** Moving steps takes a precise pointer: on a touch screen a finger on a step pans the canvas instead. */
function useFinePointer(): boolean {
  const [fine, setFine] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(pointer: fine)");
    const update = () => setFine(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return fine;
}

export function JourneyCanvas({ graph, editable, selected, onSelect, onMove, onResetLayout }: JourneyCanvasProps) {
  const draggable = useFinePointer() && editable;
  const elements = useMemo(() => journeyElements(graph, editable), [graph, editable]);
  // The nodes as drawn: the graph's, moved along while a step is dragged, and the graph's again
  // once the drop has reached it.
  const [nodes, setNodes] = useState(elements.nodes);
  const [drawn, setDrawn] = useState(elements.nodes);
  if (drawn !== elements.nodes) {
    setDrawn(elements.nodes);
    setNodes(elements.nodes);
  }
  return (
    <ReactFlow<JourneyNode, BranchEdge>
      nodes={nodes}
      edges={elements.edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      nodesDraggable={draggable}
      onNodesChange={(changes) => {
        const moves = changes.filter((c) => c.type === "position");
        if (moves.length) setNodes((current) => applyNodeChanges(moves, current));
      }}
      onNodeDragStop={(_, node) => {
        if (node.type === "step") onMove(node.id, { x: Math.round(node.position.x), y: Math.round(node.position.y) });
      }}
      snapToGrid
      snapGrid={[8, 8]}
      // A click that wanders a few pixels still selects the step rather than moving it.
      nodeDragThreshold={4}
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
      {editable && graph.steps.some((s) => s.position) && (
        <Panel position="top-right">
          <button
            type="button"
            onClick={onResetLayout}
            title="Put every step back where the automatic layout draws it"
            className="cursor-pointer rounded-md border border-zinc-200 bg-white px-2.5 py-1 text-xs font-medium text-zinc-700 shadow-xs hover:border-zinc-300 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Tidy layout
          </button>
        </Panel>
      )}
    </ReactFlow>
  );
}
