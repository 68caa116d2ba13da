import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { recordEmailEvents } from "@/lib/emails/record-event";
import { deliverWebhookJobKey } from "@/lib/webhooks/deliver-webhook-job";
import { makeAccount } from "../helpers/api";

// Several events of one recipient written together (a delivery's sent, delivered, complaint)
// must leave what one recordEmailEvent call after another would: the events in order, the
// email's lastEvent on the last, every counter, and the webhook messages in event order.

async function emailRow(accountId: string, isTest = false) {
  return getDb().email.create({
    data: { id: newId("em"), accountId, from: "a@batch.example", to: ["r@x.example"], subject: "s", tags: [], isTest },
  });
}

async function webhook(accountId: string, events: string[], status: "active" | "failed" = "active") {
  return getDb().webhook.create({
    data: { id: newId("wh"), accountId, url: "https://hooks.example/x", events, secret: "whsec_x", status },
  });
}

describe("recordEmailEvents", () => {
  it("writes a recipient's events in order with their counters, lastEvent and webhook messages", async () => {
    const { accountId } = await makeAccount();
    const email = await emailRow(accountId);
    const both = await webhook(accountId, ["email.delivered", "email.complaint"]);
    const complaints = await webhook(accountId, ["email.complaint"]);
    await webhook(accountId, ["email.delivered", "email.complaint"], "failed");
    const recipient = { id: newId("rcp"), email: "r@x.example" };
    await getDb().emailRecipient.create({
      data: { id: recipient.id, accountId, emailId: email.id, email: recipient.email, kind: "to", verpToken: newId("rcp") },
    });

    const written = await getDb().$transaction((tx) =>
      recordEmailEvents(tx, {
        email,
        domain: "batch.example",
        recipient,
        events: [
          { type: "email.sent", data: { to: recipient.email } },
          { type: "email.delivered", data: { to: recipient.email } },
          { type: "email.complaint", data: { to: recipient.email, feedback_type: "abuse" } },
        ],
      }),
    );

    const events = await getDb().emailEvent.findMany({ where: { emailId: email.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(events.map((e) => e.type)).toEqual(["email.sent", "email.delivered", "email.complaint"]);
    expect(events.map((e) => e.id)).toEqual(written.map((e) => e.id));
    expect(events.every((e) => e.recipientId === recipient.id && e.domain === "batch.example")).toBe(true);
    expect(events[2].data).toEqual({ to: recipient.email, feedback_type: "abuse" });
    expect((await getDb().email.findUniqueOrThrow({ where: { id: email.id } })).lastEvent).toBe("email.complaint");

    const counters = await getDb().analyticsCounter.aggregate({
      where: { accountId },
      _sum: { sent: true, delivered: true, complained: true, opened: true, bounced: true },
    });
    expect(counters._sum).toEqual({ sent: 1, delivered: 1, complained: 1, opened: 0, bounced: 0 });

    // One message per subscribed active webhook and event, in event order, each with its job.
    const messages = await getDb().webhookMessage.findMany({ where: { eventId: { in: written.map((e) => e.id) } } });
    const byEvent = (id: string) =>
      messages
        .filter((m) => m.eventId === id)
        .map((m) => m.webhookId)
        .sort();
    expect(byEvent(written[0].id)).toEqual([]);
    expect(byEvent(written[1].id)).toEqual([both.id]);
    expect(byEvent(written[2].id)).toEqual([both.id, complaints.id].sort());
    for (const message of messages) {
      expect(await getDb().job.count({ where: { dedupeKey: deliverWebhookJobKey(message.id, 1) } })).toBe(1);
    }
  });

  it("leaves analytics and webhooks untouched for a test email", async () => {
    const { accountId } = await makeAccount();
    const email = await emailRow(accountId, true);
    await webhook(accountId, ["email.delivered"]);
    await getDb().$transaction((tx) => recordEmailEvents(tx, { email, events: [{ type: "email.sent" }, { type: "email.delivered" }] }));
    expect(await getDb().emailEvent.count({ where: { emailId: email.id } })).toBe(2);
    expect(await getDb().analyticsCounter.count({ where: { accountId } })).toBe(0);
    expect(await getDb().webhookMessage.count({ where: { webhook: { accountId } } })).toBe(0);
  });

  it("sums counters per row and splits events across hour buckets", async () => {
    const { accountId } = await makeAccount();
    const email = await emailRow(accountId);
    const recipient = { id: newId("rcp"), email: "r@x.example" };
    await getDb().emailRecipient.create({
      data: { id: recipient.id, accountId, emailId: email.id, email: recipient.email, kind: "to", verpToken: newId("rcp") },
    });
    // The events take their time from the clock: one call just before the hour, one just after.
    const at = async (time: string, events: Parameters<typeof recordEmailEvents>[1]["events"]) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date(time));
      try {
        await getDb().$transaction((tx) => recordEmailEvents(tx, { email, domain: "d.example", recipient, events }));
      } finally {
        vi.useRealTimers();
      }
    };
    await at("2026-03-10T10:59:59.900Z", [
      { type: "email.sent" },
      { type: "email.delivered" },
      { type: "email.opened", data: { unique: true } },
    ]);
    await at("2026-03-10T11:00:00.100Z", [
      { type: "email.opened", data: { unique: false } },
      { type: "email.clicked", data: { unique: true, link: "https://x.example/a" } },
      { type: "email.clicked", data: { unique: false, link: "https://x.example/a" } },
      { type: "email.queued" },
    ]);
    const rows = await getDb().analyticsCounter.findMany({ where: { accountId }, orderBy: { bucket: "asc" } });
    expect(rows.map((r) => [r.bucket.toISOString(), r.sent, r.delivered, r.opened, r.uniqueOpened, r.clicked, r.uniqueClicked])).toEqual([
      ["2026-03-10T10:00:00.000Z", 1, 1, 1, 1, 0, 0],
      ["2026-03-10T11:00:00.000Z", 0, 0, 1, 0, 2, 1],
    ]);
    const links = await getDb().analyticsLinkCounter.findMany({ where: { accountId } });
    expect(links.map((l) => [l.url, l.clicks, l.uniqueClicks])).toEqual([["https://x.example/a", 2, 1]]);
  });
});
