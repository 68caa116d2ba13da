import { describe, expect, it } from "vitest";
import { formatDurationMinutes, parseDurationMinutes } from "./duration";

describe("durations", () => {
  it("reads words, ISO 8601 and {minutes}", () => {
    expect(parseDurationMinutes("30 minutes")).toBe(30);
    expect(parseDurationMinutes("2 days")).toBe(2880);
    expect(parseDurationMinutes("1 hour")).toBe(60);
    expect(parseDurationMinutes("1 week")).toBe(10080);
    expect(parseDurationMinutes("PT30M")).toBe(30);
    expect(parseDurationMinutes("P1DT12H")).toBe(2160);
    expect(parseDurationMinutes({ minutes: 5 })).toBe(5);
  });
  it("refuses anything else", () => {
    for (const bad of ["", "P", "PT", "soon", "-1 days", { minutes: -1 }, { minutes: 1.5 }, null]) {
      expect(parseDurationMinutes(bad)).toBeNull();
    }
  });
  it("formats in the largest whole unit", () => {
    expect(formatDurationMinutes(2880)).toBe("2 days");
    expect(formatDurationMinutes(60)).toBe("1 hour");
    expect(formatDurationMinutes(45)).toBe("45 minutes");
    expect(formatDurationMinutes(0)).toBe("0 minutes");
  });
});
