import { describe, expect, it } from "vitest";
import { encodeWebhookBody, serializeWebhookPayload } from "./serialize-webhook-payload";

const base = {
  id: "evt_1",
  createdAt: new Date("2026-01-02T03:04:05.000Z"),
  emailId: "em_1",
  recipient: "ann@example.com",
  tags: [{ name: "automation_id", value: "aut_1" }],
};
const email = { from: "Acme <hi@acme.test>", subject: "Stored subject" };

describe("webhook payloads", () => {
  it("carries the common fields for a delivered event", () => {
    const payload = serializeWebhookPayload(
      { ...base, type: "email.delivered", data: { from: email.from, to: "ann@example.com", subject: "Rendered", smtp_response: "250 ok" } },
      email,
    );
    expect(payload).toEqual({
      id: "evt_1",
      type: "email.delivered",
      created_at: "2026-01-02T03:04:05.000Z",
      data: { email_id: "em_1", from: email.from, to: "ann@example.com", subject: "Rendered", tags: base.tags },
    });
  });

  it("adds link, user_agent and ip_address to clicks, and the bounce to bounces", () => {
    const click = serializeWebhookPayload(
      { ...base, type: "email.clicked", data: { link: "https://x.test/a", user_agent: "UA", ip_address: "203.0.113.9", unique: true } },
      email,
    );
    expect(click.data).toMatchObject({ link: "https://x.test/a", user_agent: "UA", ip_address: "203.0.113.9", subject: "Stored subject" });
    expect(click.data).not.toHaveProperty("unique");
    const open = serializeWebhookPayload({ ...base, type: "email.opened", data: { user_agent: "UA", ip_address: "1.2.3.4" } }, email);
    expect(open.data).toMatchObject({ user_agent: "UA", ip_address: "1.2.3.4" });
    expect(open.data).not.toHaveProperty("link");
    const bounce = serializeWebhookPayload(
      { ...base, type: "email.bounced", data: { bounce: { type: "hard", code: 550, message: "550 no such user" } } },
      email,
    );
    expect(bounce.data.bounce).toEqual({ type: "hard", code: 550, message: "550 no such user" });
  });

  it("names a deferral email.delivery_delayed with its next attempt, and a failure's reason under failed", () => {
    const delayed = serializeWebhookPayload(
      {
        ...base,
        type: "email.deferred",
        data: { smtp_response: "451 busy", next_attempt_at: "2026-01-02T03:05:05.000Z", from: email.from, to: "ann@example.com" },
      },
      email,
    );
    expect(delayed.type).toBe("email.delivery_delayed");
    expect(delayed.data).toMatchObject({ smtp_response: "451 busy", next_attempt_at: "2026-01-02T03:05:05.000Z", email_id: "em_1" });
    const failed = serializeWebhookPayload(
      { ...base, type: "email.failed", data: { reason: "delivery_failed", message: "gave up" } },
      email,
    );
    expect(failed.type).toBe("email.failed");
    expect(failed.data.failed).toEqual({ reason: "delivery_failed", message: "gave up" });
    const sent = serializeWebhookPayload({ ...base, type: "email.sent", data: { subject: "Rendered" } }, email);
    expect(sent).toMatchObject({ type: "email.sent", data: { email_id: "em_1", to: "ann@example.com", subject: "Rendered" } });
  });

  it("orders a contact's fields as documented", () => {
    const body = encodeWebhookBody({
      type: "contact.created",
      data: { updated_at: "u", properties: {}, id: "con_1", email: "a@x.test", created_at: "c", name: null },
      created_at: "t",
      id: "evt_1",
    });
    expect(body).toBe(
      '{"id":"evt_1","type":"contact.created","created_at":"t","data":{"id":"con_1","email":"a@x.test","name":null,"properties":{},"created_at":"c","updated_at":"u"}}',
    );
  });

  it("encodes the same document to the same bytes whatever the key order it comes back in", () => {
    const payload = serializeWebhookPayload(
      { ...base, type: "email.clicked", data: { link: "l", user_agent: "u", ip_address: "i" } },
      email,
    );
    const shuffled = JSON.parse(
      JSON.stringify({ data: { ...payload.data }, type: payload.type, created_at: payload.created_at, id: payload.id }),
    );
    shuffled.data = Object.fromEntries(Object.entries(shuffled.data).reverse());
    expect(encodeWebhookBody(shuffled)).toBe(encodeWebhookBody(payload));
    expect(encodeWebhookBody(payload)).toMatch(
      /^\{"id":"evt_1","type":"email.clicked","created_at":"[^"]+","data":\{"email_id":"em_1","from":/,
    );
  });
});
