import { afterEach, describe, expect, it } from "vitest";
import { GET as sweep } from "@/app/api/cron/sweep-jobs/route";
import { POST as sendEmail } from "@/app/api/v1/emails/route";
import { GET as getEmail } from "@/app/api/v1/emails/[id]/route";
import { resetEnvCache } from "@/lib/config/env";
import { now } from "@/lib/clock/clock";
import { getDb } from "@/lib/db/client";
import { INNGEST_SWEEP_GRACE_MS } from "@/lib/jobs/sweep-lost-jobs";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

// Vercel has no worker: its cron calls /api/cron/sweep-jobs, which runs the job rows Inngest
// never ran (the event was lost), so the email still goes out.

const SECRET = "cron-secret-0123456789abcdef";
const saved = {
  CRON_SECRET: process.env.CRON_SECRET,
  INNGEST_DEV: process.env.INNGEST_DEV,
  INNGEST_BASE_URL: process.env.INNGEST_BASE_URL,
};

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

function configure(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetEnvCache();
}

const sweepCall = (authorization?: string) =>
  call(sweep, { path: "/api/cron/sweep-jobs", headers: authorization ? { authorization } : {} });

async function sendJobOf(emailId: string) {
  const rows = await getDb().job.findMany({ where: { name: "email.send", payload: { path: ["emailId"], equals: emailId } } });
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe("cron sweep of lost jobs (Vercel)", () => {
  it("does not exist without CRON_SECRET", async () => {
    delete process.env.CRON_SECRET;
    resetEnvCache();
    const res = await sweepCall(`Bearer ${SECRET}`);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
  });

  it("refuses a call without the secret", async () => {
    configure({ CRON_SECRET: SECRET });
    for (const header of [undefined, "Bearer wrong-secret-0123456789", SECRET, `Basic ${SECRET}`]) {
      const res = await sweepCall(header);
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe("unauthorized");
    }
  });

  it("sends an email whose Inngest event was lost, once Inngest had its chance", async () => {
    // Inngest on, but nothing listens where its events go: the event is lost.
    configure({ CRON_SECRET: SECRET, INNGEST_DEV: "1", INNGEST_BASE_URL: "http://127.0.0.1:9" });
    const account = await makeAccount();
    const { domain } = await makeVerifiedDomain(account.accountId);
    const sent = await call(sendEmail, {
      method: "POST",
      path: "/api/v1/emails",
      key: account.key,
      body: { from: `hello@${domain}`, to: "delivered@simulator.test", subject: "Lost event", text: "still delivered" },
    });
    expect(sent.status).toBe(201);
    const id = sent.json.id as string;
    const status = async () => (await call(getEmail, { path: `/api/v1/emails/${id}`, key: account.key, params: { id } })).json.status;

    // Just due: Inngest may still run it, so the sweep leaves it alone.
    expect((await sweepCall(`Bearer ${SECRET}`)).status).toBe(200);
    expect(await sendJobOf(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await status()).toBe("queued");

    // Past the grace period: the sweep runs it.
    const job = await sendJobOf(id);
    await getDb().job.update({ where: { id: job.id }, data: { runAt: new Date(now().getTime() - INNGEST_SWEEP_GRACE_MS - 60_000) } });
    const res = await sweepCall(`Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    expect(res.json.ran).toBeGreaterThanOrEqual(1);
    expect(await sendJobOf(id)).toMatchObject({ status: "completed" });
    expect(await status()).toBe("delivered");
  });
});
