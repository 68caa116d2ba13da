import { describe, expect, it } from "vitest";
import { buildStepVariables } from "./step-variables";

const input = (properties: unknown, name: string | null = "Ada", event?: Record<string, unknown> | null) => ({
  contact: { email: "ada@example.com", name, properties },
  companyName: "Acme",
  listName: "News",
  unsubscribeUrl: "https://mail.example/u/t",
  event,
});

describe("buildStepVariables", () => {
  it("puts string properties at the top, every property under contact, and the built-ins over a clash", () => {
    const vars = buildStepVariables(input({ plan: "pro", seats: 3, name: "Mallory", email: "x@y.example", vip: true }));
    expect(vars).toEqual({
      plan: "pro",
      name: "Ada",
      email: "ada@example.com",
      company: "Acme",
      list_name: "News",
      unsubscribe_url: "https://mail.example/u/t",
      contact: { plan: "pro", seats: 3, name: "Mallory", email: "x@y.example", vip: true },
      event: {},
    });
    expect(vars.seats).toBeUndefined();
  });

  it("greets a contact without a name as 'there' and copies the trigger event's properties", () => {
    const event = { order: "A-1", total: 12 };
    const vars = buildStepVariables(input(null, "   ", event));
    expect(vars.name).toBe("there");
    expect(vars.contact).toEqual({});
    expect(vars.event).toEqual(event);
    expect(vars.event).not.toBe(event);
    expect(buildStepVariables(input({}, null)).company).toBe("Acme");
  });

  it("copies the properties, so rendering cannot change the contact's object", () => {
    const properties = { plan: "pro" };
    const vars = buildStepVariables(input(properties));
    (vars.contact as Record<string, unknown>).plan = "free";
    expect(properties.plan).toBe("pro");
  });
});
