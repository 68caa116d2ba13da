import { describe, expect, it } from "vitest";
import { createWebhookBodySchema, updateWebhookBodySchema, webhookTypeOfEmailEvent } from "./schemas";

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
    // The timeline's name for a delayed delivery; webhooks call it email.delivery_delayed.
    [{ url: "https://example.com", events: ["email.deferred"] }, "event type must be one of"],
    [{ url: "https://example.com", events: [] }, "at least one event type"],
  ])("refuses %j", (body, message) => {
    const result = createWebhookBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toContain(message);
  });

  it("accepts the contact and domain types and Resend's complaint alias, in the canonical order", () => {
    const parsed = createWebhookBodySchema.parse({
      url: "https://example.com",
      events: ["domain.updated", "contact.deleted", "email.failed", "email.complained", "email.sent", "email.delivery_delayed"],
    });
    expect(parsed.events).toEqual([
      "email.sent",
      "email.delivery_delayed",
      "email.complaint",
      "email.failed",
      "contact.deleted",
      "domain.updated",
    ]);
  });

  it("names each email event's webhook type, null for those webhooks do not carry", () => {
    expect(webhookTypeOfEmailEvent("email.sent")).toBe("email.sent");
    expect(webhookTypeOfEmailEvent("email.deferred")).toBe("email.delivery_delayed");
    expect(webhookTypeOfEmailEvent("email.failed")).toBe("email.failed");
    for (const type of ["email.queued", "email.scheduled", "email.suppressed", "email.cancelled", "email.replied", "contact.created"]) {
      expect(webhookTypeOfEmailEvent(type)).toBeNull();
    }
  });

  it("needs something to change on update", () => {
    expect(updateWebhookBodySchema.safeParse({}).success).toBe(false);
    expect(updateWebhookBodySchema.safeParse({ status: "paused" }).success).toBe(false);
    expect(updateWebhookBodySchema.parse({ events: ["email.bounced"] })).toEqual({ events: ["email.bounced"] });
  });
});
