import { MAX_CANVAS_COORDINATE, type Graph, type GraphStep, type StepPosition } from "./graph-types";
import { graphFromLinear, triggerStepConfig, type LinearStepRow } from "./linear-graph";

export interface GraphSource {
  graph: unknown;
  triggerKey: string;
  triggerType: string;
  triggerConfig: unknown;
  steps?: LinearStepRow[];
  /** Canvas positions by step key ({key: {x, y}}), as stepPositionsToStore made them. */
  stepPositions?: unknown;
}

/**
 * An automation's graph: a journey's stored graph with its trigger's config filled in from the
 * automation's trigger (held there only), or the graph of a linear automation's steps.
 */
export function readGraph(automation: GraphSource): Graph {
  const graph: Graph = automation.graph
    ? {
        steps: (automation.graph as Graph).steps.map((s) => (s.type === "trigger" ? { ...s, config: triggerStepConfig(automation) } : s)),
        connections: (automation.graph as Graph).connections,
      }
    : graphFromLinear(automation, automation.steps ?? []);
  const positions = readPositions(automation.stepPositions);
  if (!positions.size) return graph;
  return { ...graph, steps: graph.steps.map((s) => (positions.has(s.key) ? { ...s, position: positions.get(s.key) } : s)) };
}

/**
 * What a journey stores: the graph without the trigger's config (the automation holds it) and
 * without canvas positions (stepPositionsToStore: held apart, so a linear automation keeps them too).
 */
export function graphToStore(graph: Graph): Graph {
  return {
    steps: graph.steps.map(({ position: _position, ...s }): GraphStep => (s.type === "trigger" ? { ...s, config: {} } : s)),
    connections: graph.connections,
  };
}

/** The steps' canvas positions, by key; null when none has one (every step laid out automatically). */
export function stepPositionsToStore(graph: Graph): Record<string, StepPosition> | null {
  const entries = graph.steps.filter((s) => s.position).map((s) => [s.key, { x: s.position!.x, y: s.position!.y }] as const);
  return entries.length ? Object.fromEntries(entries) : null;
}

const coordinate = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= MAX_CANVAS_COORDINATE;

function readPositions(stored: unknown): Map<string, StepPosition> {
  const out = new Map<string, StepPosition>();
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return out;
  for (const [key, p] of Object.entries(stored as Record<string, { x?: unknown; y?: unknown } | null>)) {
    if (p && coordinate(p.x) && coordinate(p.y)) out.set(key, { x: p.x, y: p.y });
  }
  return out;
}
