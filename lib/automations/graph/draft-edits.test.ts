import { describe, expect, it } from "vitest";
import type { Graph } from "./graph-types";
import { hasStepConfig, invalidStepKeys, moveStep, movesStep, withoutPositions } from "./draft-edits";

const graph: Graph = {
  steps: [
    { key: "start", type: "trigger", config: { event: "signup" }, position: { x: 10, y: 20 } },
    { key: "wait", type: "delay", config: { minutes: 5 } },
  ],
  connections: [{ from: "start", to: "wait", type: "default" }],
} as Graph;

describe("movesStep", () => {
  it("is false for a step that is not there or a move to where it already is", () => {
    expect(movesStep(graph, "missing", { x: 0, y: 0 })).toBe(false);
    expect(movesStep(graph, "start", { x: 10, y: 20 })).toBe(false);
  });

  it("is true for a new place, and for any place of a step laid out automatically", () => {
    expect(movesStep(graph, "start", { x: 10, y: 21 })).toBe(true);
    expect(movesStep(graph, "wait", { x: 0, y: 0 })).toBe(true);
  });
});

describe("moveStep and withoutPositions", () => {
  it("places one step and leaves the others and the connections alone", () => {
    const moved = moveStep(graph, "wait", { x: 3, y: 4 });
    expect(moved.steps[1]!.position).toEqual({ x: 3, y: 4 });
    expect(moved.steps[0]).toBe(graph.steps[0]);
    expect(moved.connections).toBe(graph.connections);
  });

  it("clears every stored position", () => {
    const cleared = withoutPositions(moveStep(graph, "wait", { x: 3, y: 4 }));
    expect(cleared.steps.every((s) => !("position" in s))).toBe(true);
    expect(cleared.steps.map((s) => s.key)).toEqual(["start", "wait"]);
  });
});

describe("hasStepConfig", () => {
  it("compares the configuration by value", () => {
    expect(hasStepConfig(graph, "wait", { minutes: 5 })).toBe(true);
    expect(hasStepConfig(graph, "wait", { minutes: 6 })).toBe(false);
    expect(hasStepConfig(graph, "missing", {})).toBe(false);
  });
});

describe("invalidStepKeys", () => {
  it("lists the steps marked invalid that are still in the graph", () => {
    expect(invalidStepKeys({ start: false, wait: true, removed: true }, graph)).toEqual(["wait"]);
  });
});
