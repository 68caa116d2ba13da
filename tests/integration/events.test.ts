import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { GET as enrollmentsRoute } from "@/app/api/v1/automations/[id]/enrollments/route";
import { POST as eventsRoute } from "@/app/api/v1/events/route";
import { GET as eventNamesRoute } from "@/app/api/v1/events/names/route";
import { GET as contactEventsRoute } from "@/app/api/v1/contacts/[id]/events/route";
import { GET as contactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const sendKey = (await createApiKey({ accountId: account.accountId, input: { name: "send", scopes: ["send:email"] } })).key;
  const from = `Acme <hi@${domain.domain}>`;
  return {
    ...account,
    sendKey,
    async automation(eventName: string, subject: string, bodyHtml = "<p>x</p>") {
      const res = await call(createAutomationRoute, {
        method: "POST",
        path: "/",
        key: account.key,
        body: {
          name: `On ${eventName}`,
          from,
          triggerType: "event",
          triggerConfig: { eventName },
          steps: [{ delayMinutes: 0, subject, bodyHtml }],
        },
      });
      expect(res.status).toBe(201);
      expect((await call(activateRoute, { method: "POST", path: "/", key: account.key, params: { id: res.json.id } })).status).toBe(200);
      return res.json.id as string;
    },
    event: (body: unknown, key = sendKey) => call(eventsRoute, { method: "POST", path: "/", key, body }),
    run: () => runDueFor(account.accountId, [advanceEnrollmentJob, emailSendJob]),
  };
}

describe("events", () => {
  it("upserts the contact, records the event and starts its automations once per contact, with {{event.*}} variables", async () => {
    const s = await setup();
    const signup = await s.automation("signed_up", "Welcome to {{event.plan}}", "<p>Seats: {{event.seats}}; plan on contact: {{plan}}</p>");
    const other = await s.automation("cancelled", "Sorry");
    const email = address("ann");

    const res = await s.event({ email, name: "signed_up", properties: { plan: "pro", seats: 5 } });
    expect(res.status).toBe(202);
    expect(res.json.id).toMatch(/^cev_/);
    await s.run();

    const contact = await getDb().contact.findUniqueOrThrow({ where: { accountId_email: { accountId: s.accountId, email } } });
    expect(contact.properties).toEqual({ plan: "pro", seats: 5 });
    const emails = await getDb().email.findMany({ where: { automationId: signup } });
    expect(emails).toHaveLength(1);
    expect(emails[0].to).toEqual([email]);
    expect(emails[0].subject).toBe("Welcome to pro");
    expect(emails[0].html).toContain("Seats: 5; plan on contact: pro");
    expect(await getDb().email.count({ where: { automationId: other } })).toBe(0);

    // Again, with a changed property: merged into the contact, but no second enrollment.
    expect((await s.event({ email, name: "signed_up", properties: { plan: "team", source: "ads" } })).status).toBe(202);
    await s.run();
    const merged = await call(contactRoute, { path: "/", key: s.key, params: { id: contact.id } });
    expect(merged.json.properties).toEqual({ plan: "team", seats: 5, source: "ads" });
    const enrollments = await call(enrollmentsRoute, { path: "/", key: s.key, params: { id: signup } });
    expect(enrollments.json.pagination.total).toBe(1);
    expect(await getDb().email.count({ where: { automationId: signup } })).toBe(1);

    const activity = await call(contactEventsRoute, { path: "/", key: s.key, params: { id: contact.id } });
    expect(activity.status).toBe(200);
    expect(activity.json.data.map((e: { name: string; properties: unknown }) => [e.name, e.properties])).toEqual([
      ["signed_up", { plan: "team", source: "ads" }],
      ["signed_up", { plan: "pro", seats: 5 }],
    ]);
    await s.event({ email: address("bob"), name: "cancelled" });
    const names = await call(eventNamesRoute, { path: "/", key: s.key });
    expect(names.json.data).toEqual([
      { name: "cancelled", count: 1 },
      { name: "signed_up", count: 2 },
    ]);
  });

  it("does not start automations for an unsubscribed contact, and validates the body", async () => {
    const s = await setup();
    const automation = await s.automation("trial_started", "Hi");
    const email = address("gone");
    expect((await call(createContactRoute, { method: "POST", path: "/", key: s.key, body: { email, subscribed: false } })).status).toBe(
      201,
    );
    expect((await s.event({ email, name: "trial_started" })).status).toBe(202);
    await s.run();
    expect(await getDb().email.count({ where: { automationId: automation } })).toBe(0);

    const bad = await s.event({ email: "not-an-address", name: "" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["email", "name"]);
    // The send:email key may record events but not read them.
    expect((await call(eventNamesRoute, { path: "/", key: s.sendKey })).status).toBe(403);
    // Another account's contact is a 404.
    const contact = await getDb().contact.findUniqueOrThrow({ where: { accountId_email: { accountId: s.accountId, email } } });
    const stranger = await makeAccount();
    expect((await call(contactEventsRoute, { path: "/", key: stranger.key, params: { id: contact.id } })).status).toBe(404);
  });
});
