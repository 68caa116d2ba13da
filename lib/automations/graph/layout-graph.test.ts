import { describe, expect, it } from "vitest";
import { layoutGraph } from "./layout-graph";
import type { Graph } from "./graph-types";

const options = { columnWidth: 100, rowHeight: 50 };
const step = (key: string, type: Graph["steps"][number]["type"], config: Record<string, unknown> = {}) => ({ key, type, config });

/** A condition whose no-branch waits a day, both branches meeting again at an email. */
const branching: Graph = {
  steps: [
    step("start", "trigger", { eventName: "signed_up" }),
    step("is_pro", "condition"),
    step("pro_mail", "send_email"),
    step("wait", "delay", { duration: "1 day" }),
    step("free_mail", "send_email"),
    step("tips", "send_email"),
  ],
  connections: [
    { from: "start", to: "is_pro", type: "default" },
    // Stored no before yes: the drawing still puts yes on the left.
    { from: "is_pro", to: "wait", type: "condition_not_met" },
    { from: "is_pro", to: "pro_mail", type: "condition_met" },
    { from: "wait", to: "free_mail", type: "default" },
    { from: "pro_mail", to: "tips", type: "default" },
    { from: "free_mail", to: "tips", type: "default" },
  ],
};

describe("layoutGraph", () => {
  it("draws a straight line down the middle for a linear journey", () => {
    const graph: Graph = {
      steps: [step("start", "trigger"), step("a", "send_email"), step("d", "delay"), step("b", "send_email")],
      connections: [
        { from: "start", to: "a", type: "default" },
        { from: "a", to: "d", type: "default" },
        { from: "d", to: "b", type: "default" },
      ],
    };
    const at = layoutGraph(graph, options);
    expect([...at.entries()].map(([k, p]) => [k, p.x, p.y])).toEqual([
      ["start", 0, 0],
      ["a", 0, 50],
      ["d", 0, 100],
      ["b", 0, 150],
    ]);
  });

  it("puts a condition's yes left of its no, centres the condition over them, and a merge below both", () => {
    const at = layoutGraph(branching, options);
    expect(at.get("pro_mail")!.x).toBeLessThan(at.get("wait")!.x);
    expect(at.get("is_pro")!.x).toBe((at.get("pro_mail")!.x + at.get("wait")!.x) / 2);
    expect(at.get("start")!.x).toBe(at.get("is_pro")!.x);
    // The merge sits one row below the deeper branch (wait -> free_mail).
    expect(at.get("tips")!.row).toBe(at.get("free_mail")!.row + 1);
    expect(at.get("tips")!.row).toBe(4);
  });

  it("never puts two steps in one place, and orders a split's variants as configured", () => {
    const graph: Graph = {
      steps: [
        step("start", "trigger"),
        step("ab", "split", { variants: [{ name: "short" }, { name: "long" }, { name: "none" }] }),
        step("s", "send_email"),
        step("l1", "send_email"),
        step("l2", "delay"),
        step("l3", "send_email"),
        step("n", "exit"),
      ],
      connections: [
        { from: "start", to: "ab", type: "default" },
        { from: "ab", to: "n", type: "variant", variant: "none" },
        { from: "ab", to: "l1", type: "variant", variant: "long" },
        { from: "ab", to: "s", type: "variant", variant: "short" },
        { from: "l1", to: "l2", type: "default" },
        { from: "l2", to: "l3", type: "default" },
      ],
    };
    const at = layoutGraph(graph, options);
    expect(at.size).toBe(7);
    const places = new Set([...at.values()].map((p) => `${p.x},${p.y}`));
    expect(places.size).toBe(7);
    expect(at.get("s")!.x).toBeLessThan(at.get("l1")!.x);
    expect(at.get("l1")!.x).toBeLessThan(at.get("n")!.x);
    expect(at.get("l3")!.x).toBe(at.get("l1")!.x);
  });

  it("ranks a loop back through a wait without going on forever, and places steps no run reaches", () => {
    const graph: Graph = {
      steps: [step("start", "trigger"), step("w", "wait_for_event"), step("nudge", "send_email"), step("orphan", "exit")],
      connections: [
        { from: "start", to: "w", type: "default" },
        { from: "w", to: "nudge", type: "timeout" },
        { from: "nudge", to: "w", type: "default" },
      ],
    };
    const at = layoutGraph(graph, options);
    expect(at.get("w")!.row).toBe(1);
    expect(at.get("nudge")!.row).toBe(2);
    expect(at.get("orphan")).toMatchObject({ row: 0 });
    expect(at.get("orphan")!.x).toBeGreaterThan(at.get("start")!.x);
  });

  it("lays out a chain of 100 steps", () => {
    const steps = [step("s0", "trigger"), ...Array.from({ length: 99 }, (_, i) => step(`s${i + 1}`, "delay"))];
    const connections = steps.slice(1).map((s, i) => ({ from: `s${i}`, to: s.key, type: "default" as const }));
    const at = layoutGraph({ steps, connections }, options);
    expect(at.get("s99")).toMatchObject({ x: 0, y: 99 * 50 });
  });
});
