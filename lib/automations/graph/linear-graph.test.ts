import { describe, expect, it } from "vitest";
import { graphFromLinear, linearFromGraph } from "./linear-graph";
import { validateGraph } from "./validate-graph";
import type { Graph } from "./graph-types";

const automation = { triggerKey: "start", triggerType: "event", triggerConfig: { eventName: "signed_up" } };
const rows = [
  { id: "stp_1", key: null, delayKey: null, delayMinutes: 0, subject: "Hi", bodyHtml: "<p>Hi</p>", templateId: null },
  { id: "stp_2", key: "tips", delayKey: "wait_2d", delayMinutes: 2880, subject: null, bodyHtml: null, templateId: "tpl_1" },
];

describe("linear automations as graphs", () => {
  it("maps spec steps to trigger -> send -> delay -> send and back", () => {
    const graph = graphFromLinear(automation, rows);
    expect(graph.steps.map((s) => `${s.type}:${s.key}`)).toEqual(["trigger:start", "send_email:stp_1", "delay:wait_2d", "send_email:tips"]);
    expect(graph.steps[2].config).toEqual({ duration: "2 days" });
    expect(validateGraph(graph)).toBeTruthy();
    const back = linearFromGraph(graph)!;
    expect(back.trigger).toEqual({ triggerType: "event", triggerConfig: { eventName: "signed_up" } });
    expect(back.steps).toEqual([
      { key: "stp_1", delayKey: null, delayMinutes: 0, subject: "Hi", bodyHtml: "<p>Hi</p>", templateId: null, design: null },
      { key: "tips", delayKey: "wait_2d", delayMinutes: 2880, subject: null, bodyHtml: null, templateId: "tpl_1", design: null },
    ]);
  });

  it("is not linear with a branch, two delays in a row, a trailing delay or a per-step sender", () => {
    const base = graphFromLinear(automation, rows);
    const withCondition: Graph = {
      steps: [...base.steps, { key: "c", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } }],
      connections: [...base.connections, { from: "tips", to: "c", type: "default" }],
    };
    expect(linearFromGraph(withCondition)).toBeNull();
    const trailing: Graph = {
      steps: [...base.steps, { key: "d", type: "delay", config: { duration: "1 day" } }],
      connections: [...base.connections, { from: "tips", to: "d", type: "default" }],
    };
    expect(linearFromGraph(trailing)).toBeNull();
    const sender: Graph = {
      ...base,
      steps: base.steps.map((s) => (s.key === "tips" ? { ...s, config: { ...s.config, from: "a@b.co" } } : s)),
    };
    expect(linearFromGraph(sender)).toBeNull();
  });
});

describe("graph validation", () => {
  const trigger = { key: "t", type: "trigger" as const, config: { eventName: "x" } };
  const expectError = (graph: Graph, text: RegExp) => {
    try {
      validateGraph(graph);
    } catch (error) {
      expect((error as Error).message).toMatch(text);
      return;
    }
    throw new Error("expected a validation error");
  };

  it("names the step that cannot be reached, the wrong connection type, and a cycle without a wait", () => {
    expectError({ steps: [trigger, { key: "lost", type: "exit", config: {} }], connections: [] }, /lost cannot be reached/);
    expectError(
      {
        steps: [trigger, { key: "c", type: "condition", config: { type: "rule", field: "plan", operator: "exists" } }],
        connections: [{ from: "t", to: "c", type: "timeout" }],
      },
      /step t \(trigger\) cannot start a timeout/,
    );
    expectError(
      {
        steps: [
          trigger,
          { key: "a", type: "contact_update", config: { properties: { n: 1 } } },
          { key: "b", type: "condition", config: { type: "rule", field: "n", operator: "exists" } },
        ],
        connections: [
          { from: "t", to: "a", type: "default" },
          { from: "a", to: "b", type: "default" },
          { from: "b", to: "a", type: "condition_met" },
        ],
      },
      /on a cycle that passes no delay or wait/,
    );
    expectError(
      {
        steps: [trigger, { key: "w", type: "wait_for_event", config: { eventName: "x", timeout: "2 years" } }],
        connections: [{ from: "t", to: "w", type: "default" }],
      },
      /w.*timeout/,
    );
  });

  it("accepts a cycle through a delay", () => {
    const graph: Graph = {
      steps: [
        trigger,
        { key: "d", type: "delay", config: { duration: "1 day" } },
        { key: "c", type: "condition", config: { type: "rule", field: "paid", operator: "exists" } },
      ],
      connections: [
        { from: "t", to: "d", type: "default" },
        { from: "d", to: "c", type: "default" },
        { from: "c", to: "d", type: "condition_not_met" },
      ],
    };
    expect(validateGraph(graph).steps).toHaveLength(3);
  });
});
