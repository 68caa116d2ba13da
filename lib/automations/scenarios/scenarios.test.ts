import { describe, expect, it } from "vitest";
import { createAutomationBodySchema } from "../schemas";
import { DELAY, INDUSTRIES } from "./define-scenario";
import { allScenarios } from "./list-scenarios";

describe("automation scenarios", () => {
  it("ships 43 scenarios across 7 industries with unique ids", () => {
    expect(allScenarios).toHaveLength(43);
    expect(new Set(allScenarios.map((s) => s.industry))).toEqual(new Set(INDUSTRIES));
    expect(new Set(allScenarios.map((s) => s.id)).size).toBe(43);
  });

  it("every scenario is a valid create body with delays from the spec's table", () => {
    const delays = new Set<number>(Object.values(DELAY));
    for (const scenario of allScenarios) {
      const parsed = createAutomationBodySchema.safeParse(scenario);
      expect(parsed.success, `${scenario.id}: ${parsed.error?.message}`).toBe(true);
      expect(scenario.steps.length, scenario.id).toBeGreaterThanOrEqual(2);
      for (const step of scenario.steps) {
        expect(delays.has(step.delayMinutes), `${scenario.id} delay ${step.delayMinutes}`).toBe(true);
        expect(step.bodyHtml).toContain("{{unsubscribe_url}}");
      }
    }
  });
});
