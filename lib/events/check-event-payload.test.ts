import { describe, expect, it } from "vitest";
import { checkEventPayload } from "./check-event-payload";

describe("checkEventPayload", () => {
  const schema = { plan: "string", seats: "number", trial: "boolean", renews_at: "date" } as const;

  it("passes values of the declared types, keys the schema leaves out, and absent or null keys", () => {
    expect(checkEventPayload("upgraded", schema, { plan: "pro", seats: 3, trial: false, renews_at: "2026-12-01", extra: [1] })).toEqual([]);
    expect(checkEventPayload("upgraded", schema, { renews_at: "2026-12-01T09:30:00Z", seats: null })).toEqual([]);
    expect(checkEventPayload("upgraded", schema, {})).toEqual([]);
  });

  it("names every key whose value has another type", () => {
    expect(checkEventPayload("upgraded", schema, { plan: 3, seats: "3", trial: "yes", renews_at: "next week" })).toEqual([
      { path: "payload.plan", message: 'must be a string, as the schema of event "upgraded" declares' },
      { path: "payload.seats", message: 'must be a number, as the schema of event "upgraded" declares' },
      { path: "payload.trial", message: 'must be a boolean, as the schema of event "upgraded" declares' },
      { path: "payload.renews_at", message: 'must be a date, as the schema of event "upgraded" declares' },
    ]);
  });

  it("refuses an impossible date and a non-finite number, and names the field it is given", () => {
    expect(checkEventPayload("e", { at: "date" }, { at: "2026-13-45" }, "properties")).toHaveLength(1);
    expect(checkEventPayload("e", { at: "date" }, { at: "2026-13-45" }, "properties")[0].path).toBe("properties.at");
    expect(checkEventPayload("e", { n: "number" }, { n: Number.NaN })).toHaveLength(1);
  });
});
