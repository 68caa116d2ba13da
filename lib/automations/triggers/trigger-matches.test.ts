import { describe, expect, it } from "vitest";
import { triggerMatches } from "./trigger-matches";

const updated = (before: Record<string, string | number | boolean>, after: Record<string, string | number | boolean>) =>
  ({ type: "updated", previousProperties: before, properties: after }) as const;

describe("triggerMatches", () => {
  it("list_join matches only the named list", () => {
    expect(triggerMatches("list_join", { listName: "Trial" }, { type: "list_joined", listName: "Trial" })).toBe(true);
    expect(triggerMatches("list_join", { listName: "Trial" }, { type: "list_joined", listName: "trial" })).toBe(false);
    expect(triggerMatches("list_join", { listName: "Trial" }, { type: "created", properties: {} })).toBe(false);
  });

  it("property_equals fires on create with, or update to, the value (compared as text)", () => {
    const config = { property: "plan", value: "pro" };
    expect(triggerMatches("property_equals", config, { type: "created", properties: { plan: "pro" } })).toBe(true);
    expect(triggerMatches("property_equals", config, { type: "created", properties: { plan: "free" } })).toBe(false);
    expect(triggerMatches("property_equals", config, updated({ plan: "free" }, { plan: "pro" }))).toBe(true);
    expect(triggerMatches("property_equals", config, updated({ plan: "pro" }, { plan: "pro", x: "1" }))).toBe(false);
    expect(triggerMatches("property_equals", { property: "seats", value: "5" }, updated({}, { seats: 5 }))).toBe(true);
    expect(triggerMatches("property_equals", { property: "vip", value: "true" }, { type: "created", properties: { vip: true } })).toBe(
      true,
    );
  });

  it("property_changed needs a real change and matches omitted sides to anything", () => {
    const both = { property: "status", from: "trial", to: "paid" };
    expect(triggerMatches("property_changed", both, updated({ status: "trial" }, { status: "paid" }))).toBe(true);
    expect(triggerMatches("property_changed", both, updated({ status: "lead" }, { status: "paid" }))).toBe(false);
    expect(triggerMatches("property_changed", both, updated({ status: "paid" }, { status: "paid" }))).toBe(false);
    const toOnly = { property: "status", to: "paid" };
    expect(triggerMatches("property_changed", toOnly, updated({}, { status: "paid" }))).toBe(true);
    expect(triggerMatches("property_changed", toOnly, updated({ status: "lead" }, { status: "paid" }))).toBe(true);
    const fromOnly = { property: "status", from: "trial" };
    expect(triggerMatches("property_changed", fromOnly, updated({ status: "trial" }, {}))).toBe(true);
    expect(triggerMatches("property_changed", fromOnly, updated({ status: "trial" }, { status: "trial" }))).toBe(false);
    expect(triggerMatches("property_changed", { property: "status" }, updated({ status: "a" }, { status: "b" }))).toBe(true);
    expect(triggerMatches("property_changed", both, { type: "created", properties: { status: "paid" } })).toBe(false);
  });

  it("event matches only an event of that exact name, and no other trigger matches an event", () => {
    expect(triggerMatches("event", { eventName: "signed_up" }, { type: "event", name: "signed_up" })).toBe(true);
    expect(triggerMatches("event", { eventName: "signed_up" }, { type: "event", name: "Signed_up" })).toBe(false);
    expect(triggerMatches("event", { eventName: "signed_up" }, { type: "created", properties: { signed_up: "true" } })).toBe(false);
    expect(triggerMatches("property_equals", { property: "plan", value: "pro" }, { type: "event", name: "plan" })).toBe(false);
    expect(triggerMatches("list_join", { listName: "signed_up" }, { type: "event", name: "signed_up" })).toBe(false);
  });
});
