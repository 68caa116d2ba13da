import { describe, expect, it } from "vitest";
import { moveStep } from "./move-step";

const steps = [
  { id: "welcome", delayMinutes: 0, subject: "Welcome" },
  { id: "tips", delayMinutes: 1440, subject: "Tips" },
  { id: "shipping", delayMinutes: 4320, subject: "Free shipping" },
];

describe("moveStep", () => {
  it("moves a step up together with its own delay", () => {
    expect(moveStep(steps, 2, 1)).toEqual([
      { id: "welcome", delayMinutes: 0 },
      { id: "shipping", delayMinutes: 4320 },
      { id: "tips", delayMinutes: 1440 },
    ]);
  });

  it("moves a step down together with its own delay, also to the first and last places", () => {
    expect(moveStep(steps, 0, 1)).toEqual([
      { id: "tips", delayMinutes: 1440 },
      { id: "welcome", delayMinutes: 0 },
      { id: "shipping", delayMinutes: 4320 },
    ]);
    expect(moveStep(steps, 2, 0)?.map((s) => [s.id, s.delayMinutes])).toEqual([
      ["shipping", 4320],
      ["welcome", 0],
      ["tips", 1440],
    ]);
    expect(moveStep(steps, 0, 2)?.map((s) => [s.id, s.delayMinutes])).toEqual([
      ["tips", 1440],
      ["shipping", 4320],
      ["welcome", 0],
    ]);
  });

  it("keeps every step and leaves the input alone", () => {
    const before = structuredClone(steps);
    const moved = moveStep(steps, 1, 2)!;
    expect(moved.map((s) => s.id).sort()).toEqual(["shipping", "tips", "welcome"]);
    expect(steps).toEqual(before);
  });

  it("is null when nothing moves (same place, or past either end)", () => {
    expect(moveStep(steps, 1, 1)).toBeNull();
    expect(moveStep(steps, 0, -1)).toBeNull();
    expect(moveStep(steps, 2, 3)).toBeNull();
    expect(moveStep(steps, 5, 0)).toBeNull();
  });
});
