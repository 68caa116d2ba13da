import { describe, expect, it } from "vitest";
import { previousPeriodLabel, resolveRange, type OverviewFilterValues } from "./analytics-range";

const DAY = 86_400_000;
const now = Date.parse("2026-03-15T12:00:00Z");
const base: OverviewFilterValues = { preset: "30d", customFrom: "", customTo: "", automationId: "", domain: "" };

describe("resolveRange", () => {
  it("gives a preset's range up to now and the period of the same length before it", () => {
    const range = resolveRange({ ...base, preset: "7d" }, now);
    if ("error" in range) throw new Error(range.error);
    expect(range.current).toEqual({ from: new Date(now - 7 * DAY).toISOString(), to: new Date(now).toISOString() });
    expect(range.previous).toEqual({ from: new Date(now - 14 * DAY).toISOString(), to: new Date(now - 7 * DAY).toISOString() });
    expect(range.days).toBe(7);
  });

  it("passes the automation and domain filters to both periods", () => {
    const range = resolveRange({ ...base, automationId: "aut_1", domain: "acme.com" }, now);
    if ("error" in range) throw new Error(range.error);
    expect(range.current).toMatchObject({ automationId: "aut_1", domain: "acme.com" });
    expect(range.previous).toMatchObject({ automationId: "aut_1", domain: "acme.com" });
  });

  it("includes a custom range's end date, and stops at now", () => {
    // January: no daylight-saving change inside, whatever the machine's time zone.
    const range = resolveRange({ ...base, preset: "custom", customFrom: "2026-01-01", customTo: "2026-01-10" }, now);
    if ("error" in range) throw new Error(range.error);
    expect(range.days).toBe(10);
    const today = resolveRange({ ...base, preset: "custom", customFrom: "2026-03-14", customTo: "2026-03-20" }, now);
    if ("error" in today) throw new Error(today.error);
    expect(today.current.to).toBe(new Date(now).toISOString());
  });

  it("refuses custom ranges the API would refuse", () => {
    expect(resolveRange({ ...base, preset: "custom", customFrom: "", customTo: "2026-03-10" }, now)).toHaveProperty("error");
    expect(resolveRange({ ...base, preset: "custom", customFrom: "2026-03-10", customTo: "2026-03-01" }, now)).toHaveProperty("error");
    expect(resolveRange({ ...base, preset: "custom", customFrom: "2024-01-01", customTo: "2026-03-01" }, now)).toHaveProperty("error");
  });
});

describe("previousPeriodLabel", () => {
  it("counts days, or hours under two days", () => {
    expect(previousPeriodLabel(30)).toBe("the previous 30 days");
    expect(previousPeriodLabel(1.5)).toBe("the previous 36 hours");
  });
});
