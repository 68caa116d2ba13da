import { describe, expect, it } from "vitest";
import { conditionRuleSchema } from "@/lib/automations/graph/rule-schema";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import { emptyNode, fromRule, operatorsFor, toRule, type FieldType } from "./segment-filter-form";

const types: Record<string, FieldType> = { seats: "number", beta: "boolean", renews: "date", email: "string" };
const typeOf = (f: string) => types[f] ?? "string";

describe("segment filter form", () => {
  it("turns nested groups and each kind of condition into a rule the API's schema accepts, values typed by their field", () => {
    const root = emptyNode("group");
    root.type = "or";
    root.rules = [
      { ...emptyNode("field", "seats"), operator: "gte", value: "10" },
      {
        ...emptyNode("group"),
        rules: [
          { ...emptyNode("field", "beta"), value: "true" },
          { ...emptyNode("email"), action: "clicked", within: "30 days" },
        ],
      },
      { ...emptyNode("event"), eventName: " signed_up ", negate: true },
      { ...emptyNode("field", "email"), operator: "exists", value: "ignored" },
    ];
    const rule = toRule(root, typeOf);
    expect(rule).toEqual({
      type: "or",
      rules: [
        { type: "rule", field: "seats", operator: "gte", value: 10 },
        {
          type: "and",
          rules: [
            { type: "rule", field: "beta", operator: "eq", value: true },
            { type: "email", action: "clicked", within: "30 days" },
          ],
        },
        { type: "event", eventName: "signed_up", negate: true },
        { type: "rule", field: "email", operator: "exists" },
      ],
    });
    expect(conditionRuleSchema.safeParse(rule).success).toBe(true);
  });

  it("offers operators by type: no ordering on true/false, no text matching on numbers", () => {
    expect(operatorsFor("boolean").map((o) => o.value)).toEqual(["eq", "neq", "exists"]);
    expect(operatorsFor("number").map((o) => o.value)).not.toContain("contains");
    expect(operatorsFor("date").find((o) => o.value === "lt")?.label).toBe("before");
  });

  it("opens a stored filter in the form and turns it back into the same rule", () => {
    const stored: Rule = {
      type: "or",
      rules: [
        { type: "rule", field: "seats", operator: "gte", value: 5 },
        { type: "rule", field: "beta", operator: "eq", value: true },
        { type: "rule", field: "email", operator: "exists" },
        {
          type: "and",
          rules: [
            { type: "email", action: "clicked", within: "30d" },
            { type: "event", eventName: "purchase", within: "7d", negate: true },
            { type: "segment", segmentId: "seg_1" },
          ],
        },
      ],
    };
    expect(toRule(fromRule(stored)!, typeOf)).toEqual(stored);
    // A single condition opens inside an "and" group, which means the same.
    const single: Rule = { type: "rule", field: "email", operator: "ends_with", value: "@acme.com" };
    expect(toRule(fromRule(single)!, typeOf)).toEqual({ type: "and", rules: [single] });
  });

  it("does not open in the form what the builder cannot show: activity of one broadcast, a comparison with null", () => {
    expect(fromRule({ type: "and", rules: [{ type: "email", action: "opened", broadcastId: "bc_1" }] })).toBeNull();
    expect(fromRule({ type: "rule", field: "plan", operator: "eq", value: null })).toBeNull();
  });
});
