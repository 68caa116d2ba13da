import type { Graph, StepPosition } from "./graph-types";

/** True when the step exists and the position is not where it already is. */
export function movesStep(graph: Graph, key: string, position: StepPosition): boolean {
  const current = graph.steps.find((s) => s.key === key);
  return !!current && (current.position?.x !== position.x || current.position?.y !== position.y);
}

/** The graph with the step placed by hand at the position. */
export function moveStep(graph: Graph, key: string, position: StepPosition): Graph {
  return { ...graph, steps: graph.steps.map((s) => (s.key === key ? { ...s, position } : s)) };
}

/** The graph with every step back in the automatic layout (no stored positions). */
export function withoutPositions(graph: Graph): Graph {
  return { ...graph, steps: graph.steps.map(({ position: _position, ...s }) => s) };
}

/** True when the step exists and already has this configuration (compared by value). */
export function hasStepConfig(graph: Graph, key: string, config: Record<string, unknown>): boolean {
  const current = graph.steps.find((s) => s.key === key);
  return !!current && JSON.stringify(current.config) === JSON.stringify(config);
}

/** The steps still in the graph whose editor reported settings that are not valid. */
export function invalidStepKeys(invalid: Record<string, boolean>, graph: Graph): string[] {
  return Object.keys(invalid).filter((k) => invalid[k] && graph.steps.some((s) => s.key === k));
}
