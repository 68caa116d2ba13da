import type { Graph } from "./graph-types";
import { graphFromLinear, triggerStepConfig, type LinearStepRow } from "./linear-graph";

export interface GraphSource {
  graph: unknown;
  triggerKey: string;
  triggerType: string;
  triggerConfig: unknown;
  steps?: LinearStepRow[];
}

/**
 * An automation's graph: a journey's stored graph with its trigger's config filled in from the
 * automation's trigger (held there only), or the graph of a linear automation's steps.
 */
export function readGraph(automation: GraphSource): Graph {
  if (!automation.graph) return graphFromLinear(automation, automation.steps ?? []);
  const stored = automation.graph as Graph;
  return {
    steps: stored.steps.map((s) => (s.type === "trigger" ? { ...s, config: triggerStepConfig(automation) } : s)),
    connections: stored.connections,
  };
}

/** What a journey stores: the graph without the trigger's config (the automation holds it). */
export function graphToStore(graph: Graph): Graph {
  return { steps: graph.steps.map((s) => (s.type === "trigger" ? { ...s, config: {} } : s)), connections: graph.connections };
}
