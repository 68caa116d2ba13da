import { runWorkerUntil } from "./run-worker-until";

/**
 * The automation engine: N enrollments with a due step (seeded in SQL, as N list joins would
 * leave them), advanced by the real jobs into the dev inbox. Reports steps per second, worker
 * RSS and the lateness of each step (email accepted minus step due).
 */
export async function benchEnrollments(options: { accountId: string; from: string; count: number }) {
  process.env.MAIL_TRANSPORT = "inbox";
  const { resetEnvCache } = await import("@/lib/config/env");
  resetEnvCache();
  const { getDb } = await import("@/lib/db/client");
  const { newId } = await import("@/lib/db/ids");
  const { advanceEnrollmentJob } = await import("@/lib/automations/advance-enrollment-job");
  const { emailSendJob } = await import("@/lib/jobs/definitions/email-send");
  const db = getDb();
  const automationId = newId("aut");
  await db.automation.create({
    data: {
      id: automationId,
      accountId: options.accountId,
      name: "Bench",
      status: "active",
      triggerType: "list_join",
      triggerConfig: { listName: "bench" },
      from: options.from,
      steps: {
        create: [
          { id: newId("stp"), position: 0, delayMinutes: 0, subject: "Hi {{name}}", bodyHtml: "<p>Welcome {{name}} to {{company}}</p>" },
        ],
      },
    },
  });
  const a = options.accountId;
  await db.$executeRawUnsafe(`
    INSERT INTO "Contact" (id, "accountId", email, name, properties, "updatedAt")
    SELECT 'con_bench' || g, '${a}', 'delivered+' || g || '@simulator.test', 'Reader ' || g, '{}', now() FROM generate_series(1, ${options.count}) g`);
  await db.$executeRawUnsafe(`
    INSERT INTO "Enrollment" (id, "accountId", "automationId", "contactId", status, "nextPosition", "nextStepAt", "listName", "updatedAt")
    SELECT 'enr_bench' || g, '${a}', '${automationId}', 'con_bench' || g, 'active', 0, now(), 'bench', now() FROM generate_series(1, ${options.count}) g`);
  await db.$executeRawUnsafe(`
    INSERT INTO "Job" (id, name, payload, "runAt", "maxAttempts", "dedupeKey", "updatedAt")
    SELECT 'job_bench' || g, 'automation.enrollment.advance', jsonb_build_object('enrollmentId', 'enr_bench' || g), now(), 6, NULL, now()
    FROM generate_series(1, ${options.count}) g`);

  const started = performance.now();
  let peakRss = 0;
  const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  await runWorkerUntil([advanceEnrollmentJob, emailSendJob], async () => {
    const left = await db.enrollment.count({ where: { automationId, status: "active" } });
    const sending = await db.job.count({ where: { name: "email.send", status: { in: ["pending", "running"] } } });
    return !left && !sending;
  });
  clearInterval(sample);
  const seconds = (performance.now() - started) / 1000;
  const lateness = await db.$queryRawUnsafe<{ p50: number; p99: number }[]>(`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99
    FROM (SELECT EXTRACT(EPOCH FROM (e."createdAt" - en."enrolledAt")) * 1000 AS ms
          FROM "Email" e JOIN "Enrollment" en ON en.id = e."enrollmentId" WHERE e."automationId" = '${automationId}') t`);
  const inbox = await db.inboxMessage.count({ where: { accountId: a, to: { hasSome: ["delivered+1@simulator.test"] } } });
  return {
    count: options.count,
    stepsPerSecond: options.count / seconds,
    peakRssMb: peakRss / 1024 / 1024,
    lateness: lateness[0],
    inboxSample: inbox,
  };
}
