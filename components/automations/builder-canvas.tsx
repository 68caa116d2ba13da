"use client";

import { useEffect, useMemo } from "react";
import { Background, Controls, ReactFlow, useNodesState, useReactFlow, useStore, type Edge, type NodeTypes } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import type { Automation } from "@/lib/hooks/use-automations";
import { triggerSummary } from "./automation-format";
import { useSegments } from "@/lib/hooks/use-segments";
import { useBuilderCanvas } from "./builder-context";
import { AddNodeView, DelayNodeView, EmailNodeView, NODE_WIDTH, TriggerNodeView, type BuilderNode } from "./builder-nodes";

const nodeTypes: NodeTypes = {
  trigger: TriggerNodeView,
  delay: DelayNodeView,
  email: EmailNodeView,
  add: AddNodeView,
};

// Top to bottom: trigger, then per step "+", delay, email; a last "+" appends.
const HEIGHT = { trigger: 78, add: 24, delay: 34, email: 104 };
const GAP = 26;
/** Below this the nodes' 12-13 px text is too small to read. */
const READABLE_ZOOM = 0.7;

function excerpt(html: string | null): string {
  if (!html) return "";
  return (
    html
      // A visual editor's variable with its fallback (render-design-html.ts) reads as the variable.
      .replace(/\{\{#([\w.-]+)\}\}\{\{\1\}\}\{\{\/\1\}\}(?:\{\{\^\1\}\}[^{]*\{\{\/\1\}\})?/g, "{{$1}}")
      .replace(/<style[\s\S]*?<\/style>/gi, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&nbsp;/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 140)
  );
}

function layout(automation: Automation, draggable: boolean, segmentNames: ReadonlyMap<string, string>) {
  const nodes: BuilderNode[] = [];
  const edges: Edge[] = [];
  let y = 0;
  const push = (node: BuilderNode, height: number) => {
    const previous = nodes[nodes.length - 1];
    nodes.push(node);
    if (previous)
      edges.push({ id: `${previous.id}->${node.id}`, source: previous.id, target: node.id, type: "straight", selectable: false });
    y += height + GAP;
  };
  push(
    {
      id: "trigger",
      type: "trigger",
      position: { x: 0, y },
      data: {
        triggerType: automation.triggerType,
        summary: triggerSummary(automation.triggerType, automation.triggerConfig, segmentNames),
      },
      draggable: false,
    },
    HEIGHT.trigger,
  );
  automation.steps.forEach((step, index) => {
    push(
      {
        id: `add-${index}`,
        type: "add",
        position: { x: 0, y },
        data: { position: index, last: false },
        draggable: false,
        selectable: false,
      },
      HEIGHT.add,
    );
    push(
      {
        id: `delay-${step.id}`,
        type: "delay",
        position: { x: 0, y },
        data: { index, stepId: step.id, delayMinutes: step.delayMinutes },
        draggable: false,
      },
      HEIGHT.delay,
    );
    push(
      {
        id: `email-${step.id}`,
        type: "email",
        position: { x: 0, y },
        data: { index, stepId: step.id, subject: step.subject, templateId: step.templateId, excerpt: excerpt(step.bodyHtml) },
        draggable,
      },
      HEIGHT.email,
    );
  });
  const count = automation.steps.length;
  push(
    { id: `add-${count}`, type: "add", position: { x: 0, y }, data: { position: count, last: true }, draggable: false, selectable: false },
    HEIGHT.add,
  );
  return { nodes, edges };
}

/** Centres `node` in the viewport when it is (partly) outside the canvas, `height` pixels tall. */
function revealNode(flow: ReturnType<typeof useReactFlow>, node: BuilderNode, height: number, duration: number) {
  const nodeHeight = HEIGHT[node.type as keyof typeof HEIGHT];
  const { y: vy, zoom } = flow.getViewport();
  const top = node.position.y * zoom + vy;
  const bottom = (node.position.y + nodeHeight) * zoom + vy;
  if (top >= 0 && bottom <= height) return;
  void flow.setCenter(NODE_WIDTH / 2, node.position.y + nodeHeight / 2, { zoom, duration });
}

/** Brings the selected node into view when it is (partly) outside the canvas. */
function FollowSelection({ nodes }: { nodes: BuilderNode[] }) {
  const { selection } = useBuilderCanvas();
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const id = selection === null ? null : selection.kind === "trigger" ? "trigger" : `${selection.kind}-${selection.stepId}`;
  const node = nodes.find((n) => n.id === id);
  const y = node?.position.y;
  useEffect(() => {
    if (y === undefined || !node || !width || !height) return;
    revealNode(flow, node, height, 250);
    // Follows the selection (and its node moving), not every viewport change.
  }, [id, y, width, height]);
  return null;
}

/**
 * Keyboard focus inside the canvas. A browser reveals a focused element by scrolling its
 * overflow-hidden container, which React Flow never expects: the drawing and the pointer's
 * targets then part ways (a Tab to the last "+" left it on the clipped edge, under the node
 * above). The scroll is undone at once, and the viewport pans to the focused node instead.
 */
function FollowFocus({ nodes }: { nodes: BuilderNode[] }) {
  const flow = useReactFlow();
  const domNode = useStore((s) => s.domNode);
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
      const node = nodes.find((n) => n.id === id);
      if (node && height) revealNode(flow, node, height, 150);
    };
    // Scroll events do not bubble: caught on the way down, for the container and its panes.
    domNode.addEventListener("scroll", unscroll, true);
    domNode.addEventListener("focusin", reveal);
    return () => {
      domNode.removeEventListener("scroll", unscroll, true);
      domNode.removeEventListener("focusin", reveal);
    };
  }, [domNode, nodes, height, flow]);
  return null;
}

export function BuilderCanvas({ automation }: { automation: Automation }) {
  const canvas = useBuilderCanvas();
  const draggable = !canvas.locked && !canvas.busy;
  const segments = useSegments();
  const segmentNames = useMemo(() => new Map(segments.data?.data.map((s) => [s.id, s.name])), [segments.data]);
  const initial = useMemo(() => layout(automation, draggable, segmentNames), [automation, draggable, segmentNames]);
  const [nodes, setNodes, onNodesChange] = useNodesState<BuilderNode>(initial.nodes);
  useEffect(() => setNodes(initial.nodes), [initial, setNodes]);
  // "Fit view" (on load and the control) frames the trigger and the first emails at a zoom that
  // stays readable: a long sequence is scrolled, never shrunk to unreadable text.
  const fitViewOptions = useMemo(
    () => ({ minZoom: READABLE_ZOOM, maxZoom: 1, nodes: initial.nodes.slice(0, 10).map((n) => ({ id: n.id })) }),
    [initial],
  );

  // Drag an email up or down: it takes the slot (an email's place) nearest to where it is dropped.
  function onNodeDragStop(_: unknown, dragged: BuilderNode) {
    if (dragged.type !== "email") return;
    const from = dragged.data.index;
    const slots = initial.nodes.filter((n) => n.type === "email").map((n) => n.position.y);
    let to = from;
    slots.forEach((y, i) => {
      if (Math.abs(y - dragged.position.y) < Math.abs(slots[to] - dragged.position.y)) to = i;
    });
    setNodes(initial.nodes);
    if (to !== from) canvas.move(from, to);
  }

  return (
    <ReactFlow<BuilderNode>
      nodes={nodes}
      edges={initial.edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onNodeDragStop={onNodeDragStop}
      // Clicking anywhere on a node selects it (its inner buttons do the same for keyboards).
      onNodeClick={(event, node) => {
        if ((event.target as HTMLElement).closest("button")) return;
        if (node.type === "trigger") canvas.select({ kind: "trigger" });
        else if (node.type === "delay" || node.type === "email") canvas.select({ kind: node.type, stepId: node.data.stepId });
      }}
      nodesConnectable={false}
      elementsSelectable={false}
      edgesFocusable={false}
      panOnScroll
      zoomOnDoubleClick={false}
      minZoom={0.4}
      maxZoom={1.25}
      fitView
      fitViewOptions={fitViewOptions}
      defaultEdgeOptions={{ style: { stroke: "#d4d4d8", strokeWidth: 1.5 } }}
    >
      <Background gap={16} size={1} color="#e4e4e7" />
      <Controls showInteractive={false} position="bottom-left" fitViewOptions={fitViewOptions} />
      <FollowSelection nodes={initial.nodes} />
      <FollowFocus nodes={initial.nodes} />
    </ReactFlow>
  );
}
