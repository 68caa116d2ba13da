import { describe, expect, it } from "vitest";
import { parseScheduledAt, scheduledAtProblem } from "./parse-scheduled-at";

const reference = new Date("2026-11-23T21:30:00.000Z");
const at = (value: string) => parseScheduledAt(value, reference)?.toISOString() ?? null;

describe("parseScheduledAt", () => {
  it("reads ISO 8601 strictly: a date-time with an offset, nothing looser", () => {
    expect(at("2026-11-24T09:00:00Z")).toBe("2026-11-24T09:00:00.000Z");
    expect(at("2026-11-24T09:00:00+02:00")).toBe("2026-11-24T07:00:00.000Z");
    expect(at("2026-11-24")).toBeNull();
    expect(at("2026-11-24 09:00")).toBeNull();
    expect(at("2026-13-01T09:00:00Z")).toBeNull();
  });

  it("reads phrases against the reference, in UTC unless the phrase names a zone", () => {
    expect(at("in 1 hour")).toBe("2026-11-23T22:30:00.000Z");
    expect(at("in 2 days")).toBe("2026-11-25T21:30:00.000Z");
    expect(at("tomorrow at 9am")).toBe("2026-11-24T09:00:00.000Z");
    expect(at("  tomorrow at 9am  ")).toBe("2026-11-24T09:00:00.000Z");
    expect(at("tomorrow at 9am PST")).toBe("2026-11-24T17:00:00.000Z");
  });

  it("refuses a phrase it cannot read in full", () => {
    expect(at("whenever suits you")).toBeNull();
    expect(at("tomorrow at 9am or so")).toBeNull();
    expect(at("tomorrow or the day after")).toBeNull();
    expect(at("")).toBeNull();
  });
});

describe("scheduledAtProblem", () => {
  it("wants the future, at most 30 days ahead", () => {
    expect(scheduledAtProblem(new Date(reference.getTime() - 1), reference)).toBe("must be in the future");
    expect(scheduledAtProblem(new Date(reference.getTime() + 30 * 86_400_000), reference)).toBeNull();
    expect(scheduledAtProblem(new Date(reference.getTime() + 30 * 86_400_000 + 1), reference)).toBe("at most 30 days ahead");
  });
});
