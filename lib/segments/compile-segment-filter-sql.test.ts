import { describe, expect, it } from "vitest";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import { compileSegmentFilter, type FilterCompileContext } from "./compile-segment-filter-sql";

const ctx = (over: Partial<FilterCompileContext> = {}): FilterCompileContext => ({
  properties: new Map([
    ["seats", "number"],
    ["plan", "string"],
  ]),
  segments: new Map(),
  now: new Date("2026-11-29T12:00:00Z"),
  ...over,
});

const refusal = (rule: unknown, c = ctx()) => {
  try {
    compileSegmentFilter(rule as Rule, c);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("compiled");
};

describe("compileSegmentFilter", () => {
  it("binds every value of the filter as a parameter: none reaches the SQL text", () => {
    const evil = 'x\'); DROP TABLE "Contact"; --';
    const rule: Rule = {
      type: "and",
      rules: [
        { type: "rule", field: evil, operator: "contains", value: evil },
        { type: "rule", field: "plan", operator: "eq", value: evil },
        { type: "event", eventName: evil, within: "2 days" },
        { type: "email", action: "clicked", automationId: evil, stepKey: evil, broadcastId: evil },
      ],
    };
    const { sql, params } = compileSegmentFilter(rule, ctx(), { firstParam: 3 });
    expect(sql).not.toContain("DROP");
    expect(sql).not.toContain(evil);
    expect(params).toContain(evil);
    expect(params).toContain(JSON.stringify({ plan: evil }));
    expect(params).toContain("2026-11-27T12:00:00.000Z");
    // Placeholders are numbered from firstParam, one per parameter, each used.
    const used = [...sql.matchAll(/\$(\d+)::/g)].map((m) => Number(m[1]));
    expect(new Set(used)).toEqual(new Set(params.map((_, i) => i + 3)));
  });

  it("compares declared numbers as numbers, and equality on a declared property is a containment test", () => {
    const gt = compileSegmentFilter({ type: "rule", field: "seats", operator: "gt", value: "9" }, ctx());
    expect(gt.sql).toContain("mw_jsonb_numeric");
    expect(gt.params).toEqual(["seats", "9"]);
    const eq = compileSegmentFilter({ type: "rule", field: "properties.seats", operator: "eq", value: 3 }, ctx());
    expect(eq.sql).toBe("c.properties @> $1::jsonb");
    expect(eq.params).toEqual([JSON.stringify({ seats: 3 })]);
  });

  it("a 400 names the part at fault by its path", () => {
    expect(
      refusal({
        type: "or",
        rules: [
          { type: "rule", field: "x", operator: "eq", value: 1 },
          { type: "rule", field: "seats", operator: "lt", value: "a lot" },
        ],
      }),
    ).toBe("filter.rules.1.value: must be a number");
    expect(refusal({ type: "segment", segmentId: "lst_gone" })).toBe("filter.segmentId: no segment lst_gone in this account");
    const wide = { type: "or", rules: Array.from({ length: 101 }, () => ({ type: "rule", field: "x", operator: "exists" })) };
    expect(refusal(wide)).toMatch(/^filter\.rules\.99: a filter may hold at most 100 rules/);
  });

  it("follows the segments a filter names, bounding their depth and refusing a circle", () => {
    const segments = new Map<string, { filter: Rule | null }>([
      ["lst_static", { filter: null }],
      ["lst_a", { filter: { type: "segment", segmentId: "lst_b" } }],
      ["lst_b", { filter: { type: "or", rules: [{ type: "segment", segmentId: "lst_a" }] } }],
    ]);
    const stat = compileSegmentFilter({ type: "segment", segmentId: "lst_static" }, ctx({ segments }));
    expect(stat.sql).toContain(`"ListMembership"`);
    expect(refusal({ type: "segment", segmentId: "lst_a" }, ctx({ segments }))).toMatch(/segment lst_a names itself/);
    // A chain of segments each naming the next nests deeper than the bound.
    const chain = new Map<string, { filter: Rule | null }>();
    for (let i = 0; i < 12; i++) chain.set(`lst_${i}`, { filter: { type: "segment", segmentId: `lst_${i + 1}` } });
    chain.set("lst_12", { filter: { type: "rule", field: "x", operator: "exists" } });
    expect(refusal({ type: "segment", segmentId: "lst_0" }, ctx({ segments: chain }))).toMatch(/nest at most 8 deep/);
  });
});
