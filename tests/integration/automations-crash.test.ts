import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { getDb } from "@/lib/db/client";
import { addListContact } from "@/lib/lists/add-list-contact";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { waitFor } from "../helpers/jobs";

const CHILD = path.resolve(import.meta.dirname, "../helpers/engine-worker-child.ts");
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

describe("a worker killed while advancing enrollments under load", () => {
  it("sends every due step exactly once", async () => {
    const account = await makeAccount();
    const domain = await makeVerifiedDomain(account.accountId);
    const key = account.key;
    const automation = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key,
      body: {
        name: "Crash",
        from: `hello@${domain.domain}`,
        triggerType: "list_join",
        triggerConfig: { listName: "crash" },
        steps: [{ delayMinutes: 0, subject: "Hi {{name}}", bodyHtml: "<p>Welcome {{name}}</p>" }],
      },
    });
    expect(automation.status).toBe(201);
    const list = await call(createListRoute, { method: "POST", path: "/", key, body: { name: "crash" } });
    expect((await call(activateRoute, { method: "POST", path: "/", key, params: { id: automation.json.id } })).status).toBe(200);

    const contacts = 60;
    for (let i = 0; i < contacts; i++) {
      await addListContact({ accountId: account.accountId, listId: list.json.id, input: { email: `c${i}@simulator.test`, name: `C${i}` } });
    }
    const enrollments = await getDb().enrollment.findMany({ where: { automationId: automation.json.id } });
    expect(enrollments).toHaveLength(contacts);

    // A worker with short claims takes the work, and dies in the middle of it.
    child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      env: { ...process.env, JOB_LOCK_SECONDS: "2", DB_POOL_SIZE: "4", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (c) => (output += c));
    child.stderr!.on("data", (c) => (output += c));
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    await waitFor(async () => {
      const sent = await getDb().email.count({ where: { automationId: automation.json.id } });
      return sent >= 10 && sent < contacts;
    }, 60_000).catch((error) => {
      throw new Error(`${error.message}; child output:\n${output}`);
    });
    child.kill("SIGKILL");
    await exited;

    // Another worker picks up what the dead one held once its claims expire.
    await waitFor(async () => {
      await runDueJobsOnce({ jobs: runnableJobs(advanceEnrollmentJob, emailSendJob), schedules: false, limit: 16 });
      const done = await getDb().enrollment.count({ where: { automationId: automation.json.id, status: "completed" } });
      return done === contacts;
    }, 60_000);

    const emails = await getDb().email.groupBy({
      by: ["enrollmentId"],
      where: { automationId: automation.json.id },
      _count: { _all: true },
    });
    expect(emails).toHaveLength(contacts);
    expect(emails.every((e) => e._count._all === 1)).toBe(true);
    const debits = await getDb().creditTransaction.aggregate({
      where: { accountId: account.accountId, type: "debit" },
      _sum: { amount: true },
    });
    expect(debits._sum.amount).toBe(contacts);
  });
});
