import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as eventsRoute } from "@/app/api/v1/events/route";
import { POST as sendEmailRoute } from "@/app/api/v1/emails/route";
import { GET as activityRoute } from "@/app/api/v1/contacts/[id]/activity/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { ACTIVITY_EVENTS_PER_EMAIL } from "@/lib/contacts/activity-schemas";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

const activity = (key: string, id: string, query = "") =>
  call(activityRoute, { path: `/api/v1/contacts/${id}/activity${query}`, key, params: { id } });

describe("contact activity", () => {
  it("lists the contact's emails with their events and its enrollments, newest first, bounded by limit", async () => {
    const account = await makeAccount();
    const domain = await makeVerifiedDomain(account.accountId);
    await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
    const from = `Acme <hi@${domain.domain}>`;
    const email = `ann-${randomBase62(6).toLowerCase()}@example.com`;

    const created = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: account.key,
      body: {
        name: "Welcome series",
        from,
        triggerType: "event",
        triggerConfig: { eventName: "signed_up" },
        steps: [{ delayMinutes: 0, subject: "Welcome aboard", bodyHtml: "<p>Hi</p>" }],
      },
    });
    expect(created.status).toBe(201);
    expect((await call(activateRoute, { method: "POST", path: "/", key: account.key, params: { id: created.json.id } })).status).toBe(200);
    expect((await call(eventsRoute, { method: "POST", path: "/", key: account.key, body: { email, name: "signed_up" } })).status).toBe(202);
    await runDueFor(account.accountId, [advanceEnrollmentJob, emailSendJob]);

    // A direct email with the contact in cc, and one to someone else.
    for (const body of [
      { from, to: "someone@example.com", cc: email, subject: "Your invoice", html: "<p>x</p>" },
      { from, to: "other@example.com", subject: "Not for Ann", html: "<p>x</p>" },
    ]) {
      expect((await call(sendEmailRoute, { method: "POST", path: "/api/v1/emails", key: account.key, body })).status).toBe(201);
    }
    await runDueFor(account.accountId, [emailSendJob]);

    const contact = await getDb().contact.findUniqueOrThrow({ where: { accountId_email: { accountId: account.accountId, email } } });
    const res = await activity(account.key, contact.id);
    expect(res.status).toBe(200);
    expect(res.json.emails.map((e: { subject: string }) => e.subject)).toEqual(["Your invoice", "Welcome aboard"]);
    const welcome = res.json.emails[1];
    expect(welcome.automationId).toBe(created.json.id);
    const types = welcome.events.map((e: { type: string }) => e.type);
    expect(types[0]).toBe("email.queued");
    expect(types).toContain("email.sent");
    // Oldest first.
    const times = welcome.events.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(res.json.enrollments).toEqual([
      expect.objectContaining({ automationId: created.json.id, automationName: "Welcome series", status: expect.any(String) }),
    ]);

    // The address works in place of the id, as on the other contact routes.
    const byEmail = await activity(account.key, email);
    expect(byEmail.status).toBe(200);
    expect(byEmail.json.emails).toHaveLength(2);

    // email.queued is derived from the email, once: not again for an email stored with its row.
    const invoice = res.json.emails[0];
    const invoiceTypes = invoice.events.map((e: { type: string }) => e.type);
    expect(invoiceTypes.slice(0, 2)).toEqual(["email.queued", "email.sent"]);
    expect(invoice.events[0]).toEqual({ id: `evt_${invoice.id.slice(3)}`, type: "email.queued", createdAt: invoice.createdAt });
    await getDb().emailEvent.create({
      data: {
        id: `evt_old${randomBase62(17)}`,
        accountId: account.accountId,
        emailId: invoice.id,
        type: "email.queued",
        createdAt: new Date(invoice.createdAt),
      },
    });
    const again = (await activity(account.key, contact.id)).json.emails[0];
    expect(again.events.map((e: { type: string }) => e.type)).toEqual(invoiceTypes);
    expect(again.events[0].id).toMatch(/^evt_old/);

    // Bounded: limit emails, ACTIVITY_EVENTS_PER_EMAIL events each (the latest ones).
    const one = await activity(account.key, contact.id, "?limit=1");
    expect(one.json.emails).toHaveLength(1);
    const recipient = await getDb().emailRecipient.findFirstOrThrow({ where: { emailId: welcome.id, email } });
    const base = Date.now();
    await getDb().emailEvent.createMany({
      data: Array.from({ length: ACTIVITY_EVENTS_PER_EMAIL + 5 }, (_, i) => ({
        id: `evt_test${randomBase62(12)}${i}`,
        accountId: account.accountId,
        emailId: welcome.id,
        recipientId: recipient.id,
        recipient: email,
        type: "email.opened",
        createdAt: new Date(base + 60_000 + i * 1000),
      })),
    });
    const capped = (await activity(account.key, contact.id)).json.emails[1];
    expect(capped.events).toHaveLength(ACTIVITY_EVENTS_PER_EMAIL);
    expect(capped.events.every((e: { type: string }) => e.type === "email.opened")).toBe(true);
    expect(capped.events.at(-1).createdAt).toBe(new Date(base + 60_000 + (ACTIVITY_EVENTS_PER_EMAIL + 4) * 1000).toISOString());

    // Bad input and other accounts.
    for (const query of ["?limit=0", "?limit=51", "?limit=x", "?offset=1"]) {
      const bad = await activity(account.key, contact.id, query);
      expect(bad.status, query).toBe(400);
      expect(bad.json.error.code).toBe("validation_error");
    }
    const stranger = await makeAccount();
    expect((await activity(stranger.key, contact.id)).status).toBe(404);
    expect((await activity(account.key, "con_missing")).status).toBe(404);
  });
});
