import { describe, expect, it } from "vitest";
import type { Graph } from "./graph-types";
import { graphToStore, readGraph, stepPositionsToStore } from "./read-graph";
import { updateJourneyBodySchema } from "./journey-schemas";

const graph: Graph = {
  steps: [
    { key: "start", type: "trigger", config: { eventName: "signed_up" }, position: { x: 10, y: 20 } },
    { key: "cond", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
    { key: "bye", type: "exit", config: {}, position: { x: -40.5, y: 300 } },
  ],
  connections: [
    { from: "start", to: "cond", type: "default" },
    { from: "cond", to: "bye", type: "condition_met" },
  ],
};
const automation = { triggerKey: "start", triggerType: "event", triggerConfig: { eventName: "signed_up" } };

describe("canvas positions in the stored graph", () => {
  it("are held apart from the graph and put back on read", () => {
    const stored = graphToStore(graph);
    expect(stored.steps.some((s) => "position" in s)).toBe(false);
    const positions = stepPositionsToStore(graph);
    expect(positions).toEqual({ start: { x: 10, y: 20 }, bye: { x: -40.5, y: 300 } });
    const read = readGraph({ ...automation, graph: stored, stepPositions: positions });
    expect(read.steps.map((s) => s.position)).toEqual([{ x: 10, y: 20 }, undefined, { x: -40.5, y: 300 }]);
  });

  it("are none when no step was moved, and a stored entry that is not a position is left out", () => {
    expect(stepPositionsToStore(graphToStore(graph))).toBeNull();
    const read = readGraph({
      ...automation,
      graph: graphToStore(graph),
      stepPositions: { start: { x: "1", y: 2 }, cond: { x: 5, y: 6 }, bye: { x: 1e12, y: 0 }, gone: { x: 1, y: 1 }, nope: null },
    });
    expect(read.steps.map((s) => s.position)).toEqual([undefined, { x: 5, y: 6 }, undefined]);
    expect(readGraph({ ...automation, graph: graphToStore(graph), stepPositions: [1, 2] }).steps.every((s) => !s.position)).toBe(true);
  });

  it("are validated in a request: numbers within bounds, x and y only", () => {
    const body = (position: unknown) => ({
      steps: [{ key: "start", type: "trigger", config: {}, position }],
      connections: [],
    });
    expect(updateJourneyBodySchema.parse(body({ x: 1.5, y: -2 })).steps![0].position).toEqual({ x: 1.5, y: -2 });
    expect(updateJourneyBodySchema.parse({ steps: [{ key: "s", type: "delay" }], connections: [] }).steps![0]).not.toHaveProperty(
      "position",
    );
    for (const bad of [{ x: 100_001, y: 0 }, { x: 0 }, { x: 0, y: 0, z: 0 }, { x: "0", y: 0 }, [0, 0], null]) {
      expect(updateJourneyBodySchema.safeParse(body(bad)).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
