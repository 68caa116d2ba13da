import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as getRoute } from "@/app/api/v1/emails/[id]/route";
import { GET as inboxRoute } from "@/app/api/v1/inbox/route";
import { GET as inboxMessageRoute } from "@/app/api/v1/inbox/[id]/route";
import { GET as listSuppressions, DELETE as liftSuppression } from "@/app/api/v1/suppressions/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { now, setClock } from "@/lib/clock/clock";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

beforeEach(() => {
  process.env.ENABLE_TEST_CLOCK = "1";
  resetEnvCache();
});
afterEach(() => {
  delete process.env.ENABLE_TEST_CLOCK;
  resetEnvCache();
});

async function sender() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, from: `hello@${domain.domain}` };
}

const send = (key: string, body: unknown) => call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body });
const email = (key: string, id: string) => call(getRoute, { path: "/", key, params: { id } });
// Runs only email deliveries, as the worker would.
const deliverDue = () => runDueJobsOnce({ jobs: runnableJobs(emailSendJob), schedules: false, limit: 50 });

describe("the dev inbox and simulator addresses", () => {
  it("captures messages with their raw source and plays out simulator outcomes", async () => {
    const s = await sender();
    const res = await send(s.key, {
      from: s.from,
      to: ["delivered@simulator.test", "bounced@simulator.test", "complained@simulator.test", "someone@real.example"],
      subject: "Simulated",
      html: "<p>hi</p>",
    });
    await deliverDue();
    const record = await email(s.key, res.json.id);
    const status = Object.fromEntries(record.json.recipients.map((r: { email: string; status: string }) => [r.email, r.status]));
    expect(status).toEqual({
      "delivered@simulator.test": "delivered",
      "bounced@simulator.test": "bounced",
      "complained@simulator.test": "complained",
      "someone@real.example": "delivered",
    });
    expect(record.json.status).toBe("complained");
    expect(record.json.events.filter((e: { type: string }) => e.type === "email.complaint")).toHaveLength(1);

    const inbox = await call(inboxRoute, { path: `/api/v1/inbox?email_id=${res.json.id}`, key: s.key });
    expect(inbox.json.data.map((m: { to: string[] }) => m.to[0]).sort()).toEqual([
      "complained@simulator.test",
      "delivered@simulator.test",
      "someone@real.example",
    ]);
    const message = await call(inboxMessageRoute, { path: "/", key: s.key, params: { id: inbox.json.data[0].id } });
    expect(message.json.raw).toMatch(/^Return-Path: <bounce\+/);
    expect(message.json.raw).toContain("DKIM-Signature:");
    expect(message.json.html).toContain("<p>hi</p>");

    const suppressed = await call(listSuppressions, { path: "/api/v1/suppressions", key: s.key });
    expect(suppressed.json.data.map((x: { email: string; reason: string }) => [x.email, x.reason]).sort()).toEqual([
      ["bounced@simulator.test", "hard_bounce"],
      ["complained@simulator.test", "complaint"],
    ]);
    const lifted = await call(liftSuppression, { method: "DELETE", path: "/api/v1/suppressions?email=bounced@simulator.test", key: s.key });
    expect(lifted.status).toBe(200);
    const missing = await call(liftSuppression, {
      method: "DELETE",
      path: "/api/v1/suppressions?email=bounced@simulator.test",
      key: s.key,
    });
    expect(missing.status).toBe(404);
  });

  it("retries a soft bounce and reports it as soft after a day", async () => {
    const s = await sender();
    const res = await send(s.key, { from: s.from, to: ["soft-bounced@simulator.test"], subject: "s", text: "x" });
    await deliverDue();
    expect((await email(s.key, res.json.id)).json.recipients[0].status).toBe("deferred");
    await setClock({ advanceMinutes: 25 * 60 });
    await deliverDue();
    const record = await email(s.key, res.json.id);
    expect(record.json.status).toBe("bounced");
    const bounce = record.json.events.find((e: { type: string }) => e.type === "email.bounced");
    expect(bounce.data.bounce.type).toBe("soft");
    expect(await getDb().suppression.count({ where: { accountId: s.accountId } })).toBe(0);
  });

  it("sends a scheduled email once the clock passes scheduled_at, not before", async () => {
    const s = await sender();
    const at = new Date(now().getTime() + 2 * 60 * 60_000).toISOString();
    const res = await send(s.key, { from: s.from, to: ["delivered@simulator.test"], subject: "later", text: "x", scheduled_at: at });
    await deliverDue();
    expect((await email(s.key, res.json.id)).json.status).toBe("scheduled");
    await setClock({ advanceMinutes: 121 });
    await deliverDue();
    const record = await email(s.key, res.json.id);
    expect(record.json.status).toBe("delivered");
    expect(new Date(record.json.sent_at).getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
  });
});
