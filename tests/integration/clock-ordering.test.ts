import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as getRoute, DELETE as cancelRoute } from "@/app/api/v1/emails/[id]/route";
import { resetEnvCache } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { now, setClock } from "@/lib/clock/clock";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

// Under the test clock every row of an email (events, recipients, jobs, ledger)
// takes the service clock, never the database's CURRENT_TIMESTAMP, so events list in order.
// The clock offset is shared by every test file through the database: only move it forward.
const saved = process.env.ENABLE_TEST_CLOCK;
beforeEach(() => {
  process.env.ENABLE_TEST_CLOCK = "1";
  resetEnvCache();
});
afterEach(() => {
  if (saved === undefined) delete process.env.ENABLE_TEST_CLOCK;
  else process.env.ENABLE_TEST_CLOCK = saved;
  resetEnvCache();
});

describe("timestamps under a moved test clock", () => {
  it("lists a scheduled then cancelled email's events in order, each at the service clock", async () => {
    const account = await makeAccount();
    const { domain } = await makeVerifiedDomain(account.accountId);
    await setClock({ advanceMinutes: 24 * 60 });
    const before = now();
    const scheduledAt = new Date(before.getTime() + 2 * 86_400_000).toISOString();
    const res = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: account.key,
      body: { from: `Acme <hi@${domain}>`, to: ["a@x.example"], subject: "s", text: "x", scheduled_at: scheduledAt },
    });
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    const cancelled = await call(cancelRoute, { method: "DELETE", path: `/api/v1/emails/${id}`, key: account.key, params: { id } });
    expect(cancelled.status).toBe(200);

    const email = await call(getRoute, { path: `/api/v1/emails/${id}`, key: account.key, params: { id } });
    const events = email.json.events as { type: string; created_at: string }[];
    expect(events.map((e) => e.type)).toEqual(["email.scheduled", "email.cancelled"]);
    for (const event of events) expect(new Date(event.created_at).getTime()).toBeGreaterThanOrEqual(before.getTime());

    const db = getDb();
    const rows = [
      ...(await db.emailRecipient.findMany({ where: { emailId: id }, select: { createdAt: true } })),
      ...(await db.creditTransaction.findMany({ where: { emailId: id }, select: { createdAt: true } })),
      ...(await db.job.findMany({ where: { accountId: account.accountId }, select: { createdAt: true } })),
    ];
    // Recipient, debit, refund and the delivery job: all on the moved clock, a day ahead of the database's.
    expect(rows.length).toBe(4);
    for (const row of rows) expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });
});
