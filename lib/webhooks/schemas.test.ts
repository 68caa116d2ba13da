import { describe, expect, it } from "vitest";
import { createWebhookBodySchema, updateWebhookBodySchema } from "./schemas";

describe("webhook body schemas", () => {
  it("accepts http(s) URLs and de-duplicates events into the canonical order", () => {
    const parsed = createWebhookBodySchema.parse({
      url: " https://hooks.example.com/x ",
      events: ["email.opened", "email.delivered", "email.opened"],
    });
    expect(parsed).toEqual({ url: "https://hooks.example.com/x", events: ["email.delivered", "email.opened"] });
    expect(createWebhookBodySchema.parse({ url: "http://example.com" }).events).toBeUndefined();
  });

  it.each([
    [{ url: "ftp://example.com/" }, "url must use http or https"],
    [{ url: "https://user:pw@example.com/" }, "url must not contain credentials"],
    [{ url: "example.com/hook" }, "url must be an absolute URL"],
    [{ url: "https://example.com", events: ["email.sent"] }, "event type must be one of"],
    [{ url: "https://example.com", events: [] }, "at least one event type"],
  ])("refuses %j", (body, message) => {
    const result = createWebhookBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toContain(message);
  });

  it("needs something to change on update", () => {
    expect(updateWebhookBodySchema.safeParse({}).success).toBe(false);
    expect(updateWebhookBodySchema.safeParse({ status: "paused" }).success).toBe(false);
    expect(updateWebhookBodySchema.parse({ events: ["email.bounced"] })).toEqual({ events: ["email.bounced"] });
  });
});
