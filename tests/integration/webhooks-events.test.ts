import { createHmac } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createWebhookRoute } from "@/app/api/v1/webhooks/route";
import { POST as testRoute } from "@/app/api/v1/webhooks/[id]/test/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { PATCH as updateContactRoute, DELETE as deleteContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as importRoute } from "@/app/api/v1/contacts/import/route";
import { POST as recordEventRoute } from "@/app/api/v1/events/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addListContactRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { POST as createDomainRoute } from "@/app/api/v1/domains/route";
import { POST as createJourneyRoute } from "@/app/api/v1/resend/automations/route";
import { POST as activateAutomationRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { POST as verifyDomainRoute } from "@/app/api/v1/domains/[id]/verify/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { randomBase62 } from "@/lib/db/ids";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { failExhaustedEmail } from "@/lib/emails/fail-exhausted-email";
import { contactImportJob } from "@/lib/contacts/import-job";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/schemas";
import type { DomainRecord } from "@/lib/domains/types";
import { fanOutContactEvents } from "@/lib/contacts/fan-out-contact-events";
import { unsubscribeContact } from "@/lib/automations/unsubscribe-contact";
import { createUnsubscribeToken } from "@/lib/automations/unsubscribe-token";
import type { Prisma } from "@/lib/generated/prisma/client";
import { call, makeAccount } from "../helpers/api";
import { seqScansDuring } from "../helpers/seq-scans";
import { makeVerifiedDomain } from "../helpers/domains";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from "../helpers/webhook-receiver";

// The event types beyond the first six (email.sent, email.delivery_delayed, email.failed,
// contact.*, domain.updated), each received by a real HTTP server and verified as a customer
// would: the Standard Webhooks signature and the X-Service-Signature HMAC over the raw body.

let receiver: WebhookReceiver;
let dns: TestDnsServer;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  dns = await startDnsServer();
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  process.env.DNS_SERVERS = dns.address;
  process.env.DNS_TIMEOUT_MS = "1000";
  resetEnvCache();
});

afterAll(async () => {
  await receiver.close();
  await dns.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  delete process.env.DNS_SERVERS;
  delete process.env.DNS_TIMEOUT_MS;
  resetEnvCache();
});

type Payload = { id: string; type: string; created_at: string; data: Record<string, unknown> };
type Hooked = { key: string; accountId: string; path: string; webhook: { id: string; secret: string } };

async function hook(account: { key: string; accountId: string }, events?: string[]): Promise<Hooked> {
  const path = `/events-${randomBase62(8)}`;
  const res = await call(createWebhookRoute, {
    method: "POST",
    path: "/api/v1/webhooks",
    key: account.key,
    body: { url: receiver.url(path), ...(events ? { events } : {}) },
  });
  expect(res.status).toBe(201);
  return { ...account, path, webhook: res.json };
}

async function hookedAccount(events?: string[]) {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  return hook(account, events);
}

const runWebhooks = async () => {
  for (let i = 0; i < 20; i++) {
    if (!(await runDueJobsOnce({ jobs: runnableJobs(deliverWebhookJob), schedules: false, limit: 50 })).length) return;
  }
};
const deliverEmails = () => runDueJobsOnce({ jobs: runnableJobs(emailSendJob), schedules: false, limit: 50 });

/** The events a webhook received, in order, each signature checked against its secret. */
async function received(h: Hooked): Promise<Payload[]> {
  await runWebhooks();
  return receiver.to(h.path).map((req) => verified(req, h.webhook.secret));
}

function verified(req: ReceivedRequest, secret: string): Payload {
  const headers = {
    "webhook-id": String(req.headers["webhook-id"]),
    "webhook-timestamp": String(req.headers["webhook-timestamp"]),
    "webhook-signature": String(req.headers["webhook-signature"]),
  };
  const payload = new StandardWebhook(secret).verify(req.body, headers) as Payload;
  const hmac = createHmac("sha256", Buffer.from(secret, "utf8")).update(req.raw).digest("hex");
  expect(req.headers["x-service-signature"]).toBe(`sha256=${hmac}`);
  expect(headers["webhook-id"]).toBe(payload.id);
  return payload;
}

async function sendEmail(key: string, body: Record<string, unknown>) {
  const res = await call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

describe("webhook event types", () => {
  it("subscribes a webhook created without events to every type, and keeps a stored list as it is", async () => {
    const h = await hookedAccount();
    expect((await getDb().webhook.findUniqueOrThrow({ where: { id: h.webhook.id } })).events).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      "email.sent",
      "email.delivered",
      "email.delivery_delayed",
      "email.opened",
      "email.clicked",
      "email.bounced",
      "email.complaint",
      "email.failed",
      "email.received",
      "contact.created",
      "contact.updated",
      "contact.deleted",
      "domain.updated",
      "automation.run.started",
      "automation.run.completed",
      "automation.run.exited",
    ]);

    // A webhook stored with the first six types (created before the others existed) gets none of the new ones.
    const older = await hook(h, ["email.delivered", "email.opened", "email.clicked", "email.bounced", "email.complaint", "email.received"]);
    const domain = await makeVerifiedDomain(h.accountId);
    await sendEmail(h.key, { from: `Acme <hi@${domain.domain}>`, to: "delivered@simulator.test", subject: "Old list", text: "x" });
    await deliverEmails();
    await call(createContactRoute, { method: "POST", path: "/api/v1/contacts", key: h.key, body: { email: "old@example.com" } });
    expect((await received(older)).map((p) => p.type)).toEqual(["email.delivered"]);
    expect((await received(h)).map((p) => p.type)).toEqual(["email.sent", "email.delivered", "contact.created"]);
  });

  it("sends email.sent on the first hand-over, email.delivery_delayed for a deferral and email.delivered", async () => {
    const h = await hookedAccount(["email.sent", "email.delivered", "email.delivery_delayed"]);
    const domain = await makeVerifiedDomain(h.accountId);
    const from = `Acme <hi@${domain.domain}>`;
    const emailId = await sendEmail(h.key, {
      from,
      to: ["delivered@simulator.test", "soft-bounced@simulator.test"],
      subject: "Hello",
      text: "x",
      tags: [{ name: "campaign", value: "spring" }],
    });
    await deliverEmails();
    const events = await received(h);
    const of = (type: string, to: string) => events.filter((e) => e.type === type && e.data.to === to);
    expect(events).toHaveLength(4);
    const common = { email_id: emailId, from, subject: "Hello", tags: [{ name: "campaign", value: "spring" }] };
    expect(of("email.sent", "delivered@simulator.test")[0].data).toEqual({ ...common, to: "delivered@simulator.test" });
    expect(of("email.delivered", "delivered@simulator.test")).toHaveLength(1);
    expect(of("email.sent", "soft-bounced@simulator.test")).toHaveLength(1);
    const [delayed] = of("email.delivery_delayed", "soft-bounced@simulator.test");
    expect(delayed.data).toMatchObject({ ...common, to: "soft-bounced@simulator.test" });
    expect(String(delayed.data.smtp_response)).toContain("451");
    expect(new Date(String(delayed.data.next_attempt_at)).getTime()).toBeGreaterThan(new Date(delayed.created_at).getTime());
    // Each recipient's sent comes before what its receiver said.
    for (const to of ["delivered@simulator.test", "soft-bounced@simulator.test"]) {
      const types = events.filter((e) => e.data.to === to).map((e) => e.type);
      expect(types[0]).toBe("email.sent");
    }
    // The timeline keeps its own name for the deferral; the webhook event is that same event.
    const deferred = await getDb().emailEvent.findFirstOrThrow({ where: { emailId, type: "email.deferred" } });
    expect(delayed.id).toBe(deferred.id);
  });

  it("sends email.failed when an email will not go out (its domain lost, its job exhausted), never for a bounce", async () => {
    const h = await hookedAccount(["email.failed", "email.bounced"]);
    const domain = await makeVerifiedDomain(h.accountId);
    const from = `Acme <hi@${domain.domain}>`;
    const bounced = await sendEmail(h.key, { from, to: "bounced@simulator.test", subject: "Bounce", text: "x" });
    await deliverEmails();
    const exhausted = await sendEmail(h.key, { from, to: "bob@example.com", subject: "Exhausted", text: "x" });
    const lost = await sendEmail(h.key, { from, to: "ann@example.com", subject: "Lost", text: "x" });
    await failExhaustedEmail({ emailId: exhausted, error: "Error: database unreachable\n    at stack" });
    // Deleted after the email was accepted: it must not go out under the name.
    await getDb().domain.delete({ where: { id: domain.id } });
    await deliverEmails();

    const events = await received(h);
    expect(events.map((e) => [e.type, e.data.email_id])).toEqual([
      ["email.bounced", bounced],
      ["email.failed", exhausted],
      ["email.failed", lost],
    ]);
    expect(events[2].data).toMatchObject({ to: "ann@example.com", subject: "Lost", failed: { message: null } });
    expect(String((events[2].data.failed as { reason: string }).reason)).toContain("no longer a verified domain");
    expect(events[1].data).toMatchObject({
      to: "bob@example.com",
      failed: { reason: "delivery_failed", message: "delivery gave up after its last attempt: Error: database unreachable" },
    });
  });

  it("sends contact.updated and contact.deleted from a journey's contact_update and contact_delete steps", async () => {
    const h = await hookedAccount(["contact.updated", "contact.deleted"]);
    const domain = await makeVerifiedDomain(h.accountId);
    const journey = await call(createJourneyRoute, {
      method: "POST",
      path: "/api/v1/resend/automations",
      key: h.key,
      body: {
        name: "Upgrade, then forget",
        from: `Acme <hello@${domain.domain}>`,
        steps: [
          { key: "start", type: "trigger", config: { event_name: "upgraded" } },
          { key: "mark", type: "contact_update", config: { properties: { plan: "pro" } } },
          { key: "forget", type: "contact_delete", config: {} },
        ],
        connections: [
          { from: "start", to: "mark" },
          { from: "mark", to: "forget" },
        ],
      },
    });
    expect(journey.status, JSON.stringify(journey.json)).toBe(201);
    const id = journey.json.id as string;
    expect((await call(activateAutomationRoute, { method: "POST", path: "/", key: h.key, params: { id } })).status).toBe(200);
    const event = await call(recordEventRoute, {
      method: "POST",
      path: "/api/v1/events",
      key: h.key,
      body: { email: "bo@example.com", name: "upgraded" },
    });
    expect(event.status).toBe(202);
    for (let i = 0; i < 20; i++) {
      if (!(await runDueJobsOnce({ jobs: runnableJobs(advanceEnrollmentJob), schedules: false, limit: 50 })).length) break;
    }
    expect(await getDb().contact.count({ where: { accountId: h.accountId, email: "bo@example.com" } })).toBe(0);
    const events = await received(h);
    expect(events.map((e) => [e.type, e.data.email, (e.data.properties as Record<string, unknown>).plan])).toEqual([
      ["contact.updated", "bo@example.com", "pro"],
      ["contact.deleted", "bo@example.com", "pro"],
    ]);
  });

  it("sends contact.created, contact.updated and contact.deleted from the API, events and lists, in order", async () => {
    const h = await hookedAccount(["contact.created", "contact.updated", "contact.deleted"]);
    const emailOnly = await hook(h, ["email.delivered"]);
    const created = await call(createContactRoute, {
      method: "POST",
      path: "/api/v1/contacts",
      key: h.key,
      body: { email: "ann@example.com", first_name: "Ann", last_name: "van Lee", properties: { plan: "free" } },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    // A refused create (a duplicate) tells nobody.
    const duplicate = await call(createContactRoute, {
      method: "POST",
      path: "/api/v1/contacts",
      key: h.key,
      body: { email: "ann@example.com" },
    });
    expect(duplicate.status).toBe(409);
    const updated = await call(updateContactRoute, {
      method: "PATCH",
      path: `/api/v1/contacts/${id}`,
      key: h.key,
      params: { id },
      body: { properties: { plan: "pro" }, unsubscribed: true },
    });
    expect(updated.status).toBe(200);
    const event = await call(recordEventRoute, {
      method: "POST",
      path: "/api/v1/events",
      key: h.key,
      body: { email: "bob@example.com", name: "signed_up", properties: { source: "ads" } },
    });
    expect(event.status).toBe(202);
    const list = await call(createListRoute, { method: "POST", path: "/api/v1/lists", key: h.key, body: { name: "News" } });
    await call(addListContactRoute, {
      method: "POST",
      path: `/api/v1/lists/${list.json.id}/contacts`,
      key: h.key,
      params: { id: list.json.id },
      body: { email: "cy@example.com" },
    });
    // Joining a list is not a contact change.
    await call(addListContactRoute, {
      method: "POST",
      path: `/api/v1/lists/${list.json.id}/contacts`,
      key: h.key,
      params: { id: list.json.id },
      body: { contactId: id },
    });
    // The unsubscribe link: one change, whatever the number of clicks.
    const dee = await call(createContactRoute, {
      method: "POST",
      path: "/api/v1/contacts",
      key: h.key,
      body: { email: "dee@example.com" },
    });
    const token = createUnsubscribeToken({ contactId: dee.json.id, enrollmentId: null });
    expect(await unsubscribeContact(token)).toMatchObject({ status: "unsubscribed" });
    expect(await unsubscribeContact(token)).toMatchObject({ status: "unsubscribed" });
    const deleted = await call(deleteContactRoute, { method: "DELETE", path: `/api/v1/contacts/${id}`, key: h.key, params: { id } });
    expect(deleted.status).toBe(200);

    const events = await received(h);
    expect(events.map((e) => [e.type, e.data.email])).toEqual([
      ["contact.created", "ann@example.com"],
      ["contact.updated", "ann@example.com"],
      ["contact.created", "bob@example.com"],
      ["contact.created", "cy@example.com"],
      ["contact.created", "dee@example.com"],
      ["contact.updated", "dee@example.com"],
      ["contact.deleted", "ann@example.com"],
    ]);
    expect(events[0].data).toEqual({
      id,
      email: "ann@example.com",
      name: "Ann van Lee",
      first_name: "Ann",
      last_name: "van Lee",
      unsubscribed: false,
      properties: { plan: "free" },
      created_at: created.json.createdAt,
      updated_at: created.json.updatedAt,
    });
    expect(events[0].created_at).toBe(created.json.createdAt);
    expect(events[1].data).toMatchObject({ id, unsubscribed: true, properties: { plan: "pro" }, updated_at: updated.json.updatedAt });
    expect(events[2].data).toMatchObject({ name: null, first_name: null, last_name: null, properties: { source: "ads" } });
    expect(events[5].data).toMatchObject({ id: dee.json.id, unsubscribed: true });
    expect(events[6].data).toEqual({
      ...events[1].data,
      updated_at: events[6].data.updated_at,
    });
    expect(events[6].data).toMatchObject({ id, email: "ann@example.com", unsubscribed: true, properties: { plan: "pro" } });
    expect(new Set(events.map((e) => e.id)).size).toBe(7);
    expect(await received(emailOnly)).toEqual([]);
  });

  it("fans an import's contact events out per chunk, and writes none when no webhook subscribes", async () => {
    const h = await hookedAccount(["contact.created", "contact.updated"]);
    const quiet = await hookedAccount(["email.delivered", "contact.deleted"]);
    for (const account of [h, quiet]) {
      await call(createContactRoute, { method: "POST", path: "/api/v1/contacts", key: account.key, body: { email: "user1@example.com" } });
    }
    const lines = ["email,plan"];
    for (let i = 0; i < 450; i++) lines.push(`user${i}@example.com,${i % 2 ? "pro" : "free"}`);
    for (const account of [h, quiet]) {
      const res = await call(importRoute, {
        method: "POST",
        path: "/api/v1/contacts/import",
        key: account.key,
        body: { csv: lines.join("\n") },
      });
      expect(res.status).toBe(201);
    }
    for (let i = 0; i < 10; i++) if (!(await runDueJobsOnce({ jobs: runnableJobs(contactImportJob), schedules: false })).length) break;

    const messages = (webhookId: string) =>
      getDb().webhookMessage.groupBy({ by: ["eventType"], where: { webhookId }, _count: true, orderBy: { eventType: "asc" } });
    expect(await messages(h.webhook.id)).toEqual([
      { eventType: "contact.created", _count: 450 },
      { eventType: "contact.updated", _count: 1 },
    ]);
    expect(await messages(quiet.webhook.id)).toEqual([]);
    // One first-attempt job per message.
    const stored = await getDb().webhookMessage.findMany({ where: { webhookId: h.webhook.id }, select: { id: true } });
    const jobs = await getDb().job.count({
      where: { name: deliverWebhookJob.id, dedupeKey: { in: stored.map((m) => `webhooks.deliver:${m.id}:1`) } },
    });
    expect(jobs).toBe(451);

    const events = await received(h);
    expect(events).toHaveLength(451);
    const updated = events.find((e) => e.type === "contact.updated")!;
    expect(updated.data).toMatchObject({ email: "user1@example.com", properties: { plan: "pro" } });
    expect(events.filter((e) => e.type === "contact.created").map((e) => e.data.email)).toEqual([
      "user1@example.com",
      ...Array.from({ length: 450 }, (_, i) => `user${i}@example.com`).filter((e) => e !== "user1@example.com"),
    ]);
  });

  it("fans a batch of contact changes out in a fixed number of statements, one read when no webhook subscribes", async () => {
    const h = await hookedAccount(["contact.created"]);
    await hook(h, ["contact.created", "contact.updated"]);
    const quiet = await hookedAccount(["email.delivered"]);
    const at = new Date();
    const contacts = Array.from({ length: 200 }, (_, i) => ({
      id: `con_batch${i}`,
      email: `batch${i}@example.com`,
      name: null,
      properties: {},
      subscribed: true,
      createdAt: at,
      updatedAt: at,
    }));
    const changes = contacts.map((contact) => ({ type: "contact.created" as const, contact }));
    for (const [account, statements, messages] of [
      [h, 3, 400],
      [quiet, 1, 0],
    ] as const) {
      let calls = 0;
      const scans = await seqScansDuring(["Webhook"], async (tx) => {
        const counted = countingClient(tx, () => calls++);
        expect(await fanOutContactEvents(counted, { accountId: account.accountId, at, changes })).toBe(messages);
      });
      expect(calls).toBe(statements);
      expect(scans).toEqual({ Webhook: 0 });
    }
  });

  it("sends domain.updated when a DNS check fails a domain, verifies it, or it loses the name", async () => {
    const a = await hookedAccount(["domain.updated"]);
    const b = await hookedAccount(["domain.updated"]);
    const name = `${randomBase62(10).toLowerCase()}.example.test`;
    const addDomain = async (key: string) => {
      const res = await call(createDomainRoute, { method: "POST", path: "/api/v1/domains", key, body: { domain: name } });
      expect(res.status).toBe(201);
      return res.json as { id: string; records: DomainRecord[]; createdAt: string };
    };
    const verify = (key: string, id: string) =>
      call(verifyDomainRoute, { method: "POST", path: `/api/v1/domains/${id}/verify`, key, params: { id } });
    const publish = (created: { records: DomainRecord[] }, purposes: DomainRecord["purpose"][]) => {
      for (const r of created.records.filter((r) => purposes.includes(r.purpose))) {
        if (r.type === "MX") dns.mx(r.name, { exchange: `${r.value}.`, priority: r.priority! });
        else dns.txt(r.name, r.value);
      }
    };

    const ours = await addDomain(a.key);
    expect((await verify(a.key, ours.id)).json.status).toBe("unverified");
    // Failing again is no change.
    expect((await verify(a.key, ours.id)).json.status).toBe("unverified");
    publish(ours, ["bounce MX", "SPF"]);
    const verified = await verify(a.key, ours.id);
    expect(verified.json.status).toBe("verified");
    expect((await verify(a.key, ours.id)).json.status).toBe("verified");

    // B proves control with its own DKIM record: the name moves, and A's copy fails.
    const theirs = await addDomain(b.key);
    publish(theirs, ["DKIM"]);
    expect((await verify(b.key, theirs.id)).json.status).toBe("verified");

    const ofA = await received(a);
    expect(ofA.map((e) => [e.type, e.data.status])).toEqual([
      ["domain.updated", "failed"],
      ["domain.updated", "verified"],
      ["domain.updated", "failed"],
    ]);
    expect(ofA[1].data).toMatchObject({ id: ours.id, name, created_at: ours.createdAt, verified_at: verified.json.verifiedAt });
    const spf = (ofA[1].data.records as { record: string }[]).find((r) => r.record === "SPF");
    expect(spf).toMatchObject({ type: "TXT", ttl: "Auto", status: "verified", required: true });
    expect(ofA[2].data).toMatchObject({ id: ours.id, verified_at: null });
    expect((await received(b)).map((e) => [e.data.id, e.data.status])).toEqual([[theirs.id, "verified"]]);
  });

  it("sends a sample of each new type from the test route", async () => {
    const h = await hookedAccount(["email.delivered"]);
    for (const type of ["email.sent", "email.delivery_delayed", "email.failed", "contact.updated", "domain.updated"]) {
      const res = await call(testRoute, {
        method: "POST",
        path: `/api/v1/webhooks/${h.webhook.id}/test`,
        key: h.key,
        params: { id: h.webhook.id },
        body: { type },
      });
      expect(res.status).toBe(200);
    }
    const events = await received(h);
    expect(events.map((e) => e.type)).toEqual([
      "email.sent",
      "email.delivery_delayed",
      "email.failed",
      "contact.updated",
      "domain.updated",
    ]);
    for (const e of events) expect(e.data.test).toBe(true);
    expect(events[1].data).toHaveProperty("next_attempt_at");
    expect(events[2].data.failed).toMatchObject({ reason: "delivery_failed" });
    expect(events[3].data).toMatchObject({ id: "con_test", first_name: "Ann", last_name: "Lee", unsubscribed: false });
    expect(events[4].data).toMatchObject({ id: "dom_test", name: "example.com", status: "verified" });
  });
});

/** The transaction client, counting each statement it is asked to run (model methods and raw queries). */
function countingClient(tx: Prisma.TransactionClient, count: () => void): Prisma.TransactionClient {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, prop, receiver) {
        const value = Reflect.get(object, prop, receiver) as unknown;
        if (typeof value === "function") {
          return (...args: unknown[]) => {
            count();
            return (value as (...a: unknown[]) => unknown).apply(object, args);
          };
        }
        if (value && typeof value === "object" && typeof prop === "string" && !prop.startsWith("$") && !prop.startsWith("_"))
          return wrap(value);
        return value;
      },
    });
  return wrap(tx);
}
