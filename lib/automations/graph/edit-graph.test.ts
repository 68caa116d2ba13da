import { describe, expect, it } from "vitest";
import { branchesOf, canInsert, defaultStepConfig, errorsByStep, insertStep, newStepKey, removeStep, updateStepConfig } from "./edit-graph";
import { configFromWire } from "./wire-config";
import { validateGraph } from "./validate-graph";
import type { Graph } from "./graph-types";

const graph: Graph = {
  steps: [
    { key: "start", type: "trigger", config: { eventName: "signed_up" } },
    { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
    { key: "pro_mail", type: "send_email", config: { subject: "Pro", html: "<p>Hi</p>" } },
    { key: "free_mail", type: "send_email", config: { subject: "Free", html: "<p>Hi</p>" } },
  ],
  connections: [
    { from: "start", to: "is_pro", type: "default" },
    { from: "is_pro", to: "pro_mail", type: "condition_met" },
    { from: "is_pro", to: "free_mail", type: "condition_not_met" },
  ],
};
const delay = (key: string) => ({ key, type: "delay" as const, config: { duration: "2 days" } });

describe("graph edits", () => {
  it("lists a step's branches with where they lead, open ones as null", () => {
    expect(branchesOf(graph, "is_pro")).toEqual([
      { from: "is_pro", type: "condition_met", to: "pro_mail" },
      { from: "is_pro", type: "condition_not_met", to: "free_mail" },
    ]);
    expect(branchesOf(graph, "pro_mail")).toEqual([{ from: "pro_mail", type: "default", to: null }]);
    expect(branchesOf(graph, "nope")).toEqual([]);
  });

  it("inserts a step on an edge: the branch leads to it and it leads on; the result validates", () => {
    const next = insertStep(graph, { from: "is_pro", type: "condition_not_met" }, delay("delay_1"));
    expect(next.connections).toContainEqual({ from: "is_pro", to: "delay_1", type: "condition_not_met" });
    expect(next.connections).toContainEqual({ from: "delay_1", to: "free_mail", type: "default" });
    expect(next.connections.filter((c) => c.to === "free_mail")).toHaveLength(1);
    expect(() => validateGraph(next)).not.toThrow();
    expect(graph.steps).toHaveLength(4);
  });

  it("appends after a leaf, and continues a path through a new condition's yes and a split's first variant", () => {
    const after = insertStep(graph, { from: "pro_mail", type: "default" }, { key: "bye", type: "exit", config: {} });
    expect(after.connections).toContainEqual({ from: "pro_mail", to: "bye", type: "default" });
    const split = insertStep(
      graph,
      { from: "start", type: "default" },
      {
        key: "ab",
        type: "split",
        config: defaultStepConfig("split"),
      },
    );
    expect(split.connections).toContainEqual({ from: "ab", to: "is_pro", type: "variant", variant: "A" });
    expect(() => validateGraph(split)).not.toThrow();
  });

  it("refuses a step that ends the run where something follows, a second trigger, and a used key", () => {
    expect(canInsert(graph, { from: "start", type: "default" }, "exit")).toBe(false);
    expect(canInsert(graph, { from: "pro_mail", type: "default" }, "exit")).toBe(true);
    expect(canInsert(graph, { from: "pro_mail", type: "default" }, "trigger")).toBe(false);
    expect(() => insertStep(graph, { from: "start", type: "default" }, { key: "x", type: "exit", config: {} })).toThrow(/ends the run/);
    expect(() => insertStep(graph, { from: "pro_mail", type: "default" }, delay("is_pro"))).toThrow(/used/);
  });

  it("removes a step in a line by joining its neighbours", () => {
    const withDelay = insertStep(graph, { from: "is_pro", type: "condition_met" }, delay("d"));
    const { graph: back, removed } = removeStep(withDelay, "d");
    expect(removed).toEqual(["d"]);
    expect(back.connections).toEqual(expect.arrayContaining(graph.connections));
    expect(back.connections).toHaveLength(graph.connections.length);
  });

  it("removes a condition with what only its no-branch reached, keeping the yes path", () => {
    const { graph: next, removed } = removeStep(graph, "is_pro");
    expect(removed).toEqual(["is_pro", "free_mail"]);
    expect(next.connections).toEqual([{ from: "start", to: "pro_mail", type: "default" }]);
    expect(() => validateGraph(next)).not.toThrow();
    expect(() => removeStep(graph, "start")).toThrow(/trigger/);
  });

  it("keeps a renamed split variant's path, and drops a removed variant's", () => {
    const split = insertStep(graph, { from: "start", type: "default" }, { key: "ab", type: "split", config: defaultStepConfig("split") });
    const withB = insertStep(split, { from: "ab", type: "variant", variant: "B" }, delay("b_wait"));
    // Typing a new name goes through names that match nothing: the path stays with the variant.
    const renamed = updateStepConfig(withB, "ab", {
      variants: [
        { name: "A", weight: 70 },
        { name: "Bo", weight: 30 },
      ],
    });
    expect(renamed.removed).toEqual([]);
    expect(branchesOf(renamed.graph, "ab")).toEqual([
      { from: "ab", type: "variant", variant: "A", to: "is_pro" },
      { from: "ab", type: "variant", variant: "Bo", to: "b_wait" },
    ]);
    const { graph: next, removed } = updateStepConfig(withB, "ab", { variants: [{ name: "A", weight: 70 }] });
    expect(removed).toEqual(["b_wait"]);
    expect(branchesOf(next, "ab")).toEqual([{ from: "ab", type: "variant", variant: "A", to: "is_pro" }]);
  });

  it("names new steps uniquely and starts each type from a config its schema reads", () => {
    expect(newStepKey(graph, "delay")).toBe("delay_1");
    expect(newStepKey(insertStep(graph, { from: "pro_mail", type: "default" }, delay("delay_1")), "delay")).toBe("delay_2");
    expect(configFromWire("wait_for_event", defaultStepConfig("wait_for_event"))).toEqual({ eventName: "", timeout: "3 days" });
  });

  it("groups the server's validation details by the step key they name", () => {
    expect(
      errorsByStep([
        { path: "steps[mail].config", message: "step mail: send_email needs template.id, or subject and html" },
        { path: "steps[mail].connections", message: "step mail connects to unknown step x" },
        { path: "steps", message: "a journey has exactly one trigger step (found 0)" },
      ]),
    ).toEqual({
      mail: ["step mail: send_email needs template.id, or subject and html", "step mail connects to unknown step x"],
      "": ["a journey has exactly one trigger step (found 0)"],
    });
  });
});
