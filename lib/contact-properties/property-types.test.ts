import { describe, expect, it } from "vitest";
import { isIsoDate, parsePropertyText, propertyValueProblem } from "./property-types";

describe("contact property types", () => {
  it("accepts a value only of its declared type", () => {
    expect(propertyValueProblem("string", "pro")).toBeNull();
    expect(propertyValueProblem("string", 3)).toBe("must be a string");
    expect(propertyValueProblem("number", 3.5)).toBeNull();
    expect(propertyValueProblem("number", "3")).toBe("must be a number");
    expect(propertyValueProblem("boolean", false)).toBeNull();
    expect(propertyValueProblem("boolean", "false")).toBe("must be true or false");
    expect(propertyValueProblem("date", "2026-02-28")).toBeNull();
    expect(propertyValueProblem("date", 20260228)).toMatch(/^must be an ISO 8601 date/);
  });

  it("reads ISO 8601 days and date-times, not other dates", () => {
    for (const ok of ["2026-01-31", "2026-01-31T09:00:00Z", "2026-01-31T09:00", "2026-01-31T09:00:00.123+02:00", "2026-01-31 09:00:00Z"]) {
      expect(isIsoDate(ok), ok).toBe(true);
    }
    for (const bad of ["31/01/2026", "2026-13-01", "2026-01-31T25:00:00Z", "tomorrow", "", "2026-1-5"]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
  });

  it("parses CSV cells as the declared type", () => {
    expect(parsePropertyText("number", " 42 ")).toEqual({ value: 42 });
    expect(parsePropertyText("number", "4 2")).toEqual({ problem: "must be a number" });
    expect(parsePropertyText("number", "")).toEqual({ problem: "must be a number" });
    expect(parsePropertyText("boolean", "Yes")).toEqual({ value: true });
    expect(parsePropertyText("boolean", "0")).toEqual({ value: false });
    expect(parsePropertyText("boolean", "maybe")).toEqual({ problem: "must be true or false" });
    expect(parsePropertyText("date", "2026-02-01")).toEqual({ value: "2026-02-01" });
    expect(parsePropertyText("string", " as is ")).toEqual({ value: " as is " });
  });
});
