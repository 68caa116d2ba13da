import { describe, expect, it } from "vitest";
import { POST as createJourneyRoute } from "@/app/api/v1/resend/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as eventsRoute } from "@/app/api/v1/events/route";
import { POST as defineEventRoute } from "@/app/api/v1/resend/events/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// Events of one account that arrive while its events are being recorded go in together, in one
// transaction: each must end as it would alone (its own 400, its contact created or merged, the
// goals it meets and the waits it ends), and two events of one contact in the order they came.

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 5000, rateLimitBurst: 5000 } });
  const from = `Acme <hello@${domain.domain}>`;
  return {
    ...account,
    async journey(body: Record<string, unknown>) {
      const res = await call(createJourneyRoute, { method: "POST", path: "/", key: account.key, body: { name: "J", from, ...body } });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const id = res.json.id as string;
      expect((await call(activateRoute, { method: "POST", path: "/", key: account.key, params: { id } })).status).toBe(200);
      return id;
    },
    event: (body: unknown) => call(eventsRoute, { method: "POST", path: "/", key: account.key, body }),
    run: () => runDueFor(account.accountId, [advanceEnrollmentJob, emailSendJob]),
  };
}

const trigger = (eventName: string) => ({ key: "start", type: "trigger", config: { event_name: eventName } });

describe("events recorded together", () => {
  it("events arriving at once are recorded in groups, each ending as it would alone", async () => {
    const s = await setup();
    const waits = await s.journey({
      steps: [
        trigger("cart_abandoned"),
        { key: "wait_buy", type: "wait_for_event", config: { event_name: "purchased", timeout: "1 day" } },
        { key: "bought", type: "exit", config: { reason: "bought" } },
        { key: "nudge", type: "send_email", config: { subject: "Your cart", html: "<p>x</p>" } },
      ],
      connections: [
        { from: "start", to: "wait_buy" },
        { from: "wait_buy", to: "bought", type: "event_received" },
        { from: "wait_buy", to: "nudge", type: "timeout" },
      ],
    });
    const goals = await s.journey({
      goal: { event_name: "purchased" },
      steps: [
        trigger("cart_abandoned"),
        { key: "later", type: "delay", config: { duration: "2 days" } },
        { key: "offer", type: "send_email", config: { subject: "20% off", html: "<p>x</p>" } },
      ],
      connections: [
        { from: "start", to: "later" },
        { from: "later", to: "offer" },
      ],
    });
    const defined = await call(defineEventRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "purchased", schema: { amount: "number" } },
    });
    expect(defined.status).toBe(201);
    const buyers = Array.from({ length: 30 }, (_, i) => address(`buyer${i}`));
    for (const email of buyers) expect((await s.event({ email, name: "cart_abandoned" })).status).toBe(202);
    await s.run();
    expect(await getDb().enrollment.count({ where: { automationId: waits, waitingEvent: "purchased" } })).toBe(30);

    const [newcomer, refused] = [address("new"), address("refused")];
    const other = await makeAccount();
    const results = await Promise.all([
      ...buyers.map((email) => s.event({ email, name: "purchased", properties: { amount: 10 } })),
      // The same contact again: recorded after its first event, so its amount ends at 20.
      s.event({ email: buyers[0], name: "purchased", properties: { amount: 20 } }),
      s.event({ email: newcomer, name: "purchased", properties: { amount: 5, plan: "pro" } }),
      s.event({ email: refused, name: "purchased", properties: { amount: "ten" } }),
      // Another account's event for the same address touches only its own contact.
      call(eventsRoute, { method: "POST", path: "/", key: other.key, body: { email: buyers[0], name: "purchased" } }),
    ]);
    const refusal = results.at(-2)!;
    expect(refusal.status).toBe(400);
    expect(refusal.json.error.details).toEqual([{ path: "properties.amount", message: expect.stringContaining("must be a number") }]);
    expect(results.map((r) => r.status)).toEqual([...buyers.map(() => 202), 202, 202, 400, 202]);

    const db = getDb();
    expect(await db.contact.findFirst({ where: { accountId: s.accountId, email: refused } })).toBeNull();
    const contacts = await db.contact.findMany({ where: { accountId: s.accountId, email: { in: [buyers[0], buyers[1], newcomer] } } });
    const props = (email: string) => contacts.find((c) => c.email === email)!.properties;
    expect(props(buyers[0])).toEqual({ amount: 20 });
    expect(props(buyers[1])).toEqual({ amount: 10 });
    expect(props(newcomer)).toEqual({ amount: 5, plan: "pro" });
    const recorded = await db.contactEvent.findMany({ where: { accountId: s.accountId, name: "purchased" }, select: { createdAt: true } });
    expect(recorded).toHaveLength(32);
    // They went in groups: fewer commits than events.
    expect(new Set(recorded.map((e) => e.createdAt.getTime())).size).toBeLessThan(32);
    const foreign = await db.contact.findFirstOrThrow({ where: { accountId: other.accountId, email: buyers[0] } });
    expect(await db.contactEvent.count({ where: { contactId: foreign.id } })).toBe(1);

    await s.run();
    const waitRuns = await db.enrollment.findMany({ where: { automationId: waits } });
    expect(waitRuns.map((r) => [r.status, r.outcome])).toEqual(buyers.map(() => ["completed", "bought"]));
    const goalRuns = await db.enrollment.findMany({ where: { automationId: goals } });
    expect(goalRuns.map((r) => [r.status, r.outcome])).toEqual(buyers.map(() => ["completed", "converted"]));
    expect(await db.email.count({ where: { automationId: { in: [waits, goals] } } })).toBe(0);
  });
});

describe("plain events", () => {
  it("events without properties resume their waiting runs the short way; the others still start, convert and create", async () => {
    const s = await setup();
    const waits = await s.journey({
      steps: [
        trigger("trial_started"),
        { key: "wait_use", type: "wait_for_event", config: { event_name: "used_it", timeout: "1 day" } },
        { key: "tips", type: "send_email", config: { subject: "Tips", html: "<p>x</p>" } },
        { key: "nudge", type: "send_email", config: { subject: "Try it", html: "<p>x</p>" } },
      ],
      connections: [
        { from: "start", to: "wait_use" },
        { from: "wait_use", to: "tips", type: "event_received" },
        { from: "wait_use", to: "nudge", type: "timeout" },
      ],
    });
    const starts = await s.journey({
      steps: [trigger("used_twice"), { key: "thanks", type: "send_email", config: { subject: "Thanks", html: "<p>x</p>" } }],
      connections: [{ from: "start", to: "thanks" }],
    });
    const users = Array.from({ length: 20 }, (_, i) => address(`user${i}`));
    for (const email of users) expect((await s.event({ email, name: "trial_started" })).status).toBe(202);
    await s.run();

    const stranger = address("stranger");
    const results = await Promise.all([
      ...users.map((email) => s.event({ email, name: "used_it" })),
      // No contact yet: created, as one by one.
      s.event({ email: stranger, name: "used_it" }),
      // A name that starts an automation: enrolled.
      s.event({ email: address("twice"), name: "used_twice" }),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 202));
    const db = getDb();
    const stored = await db.contactEvent.findMany({ where: { accountId: s.accountId, name: "used_it" }, include: { contact: true } });
    expect(stored.map((e) => e.contact.email).sort()).toEqual([...users, stranger].sort());
    expect(stored.every((e) => (e.properties as object) && Object.keys(e.properties as object).length === 0)).toBe(true);
    expect(
      results
        .slice(0, users.length)
        .map((r) => r.json.id)
        .sort(),
    ).toEqual(
      stored
        .filter((e) => e.contact.email !== stranger)
        .map((e) => e.id)
        .sort(),
    );
    expect(await db.enrollment.count({ where: { automationId: waits, waitingEvent: "used_it" } })).toBe(0);
    expect(await db.enrollment.count({ where: { automationId: starts } })).toBe(1);

    await s.run();
    const sent = await db.email.findMany({ where: { automationId: waits }, select: { subject: true } });
    expect(sent.map((e) => e.subject)).toEqual(users.map(() => "Tips"));
    expect(await db.email.count({ where: { automationId: starts } })).toBe(1);
  });
});
