import { Prisma } from "@/lib/generated/prisma/client";
import { runWorkerUntil } from "./run-worker-until";

/**
 * The automation engine, two runs of the real poller with the advance job (as `npm run worker`
 * runs it), each on enrollments seeded in SQL as list joins would leave them:
 * - burst: `count` enrollments due at once, advanced to accepted emails (Email rows, events
 *   and debit committed, the email.send job queued): steps per second, and the worker's peak
 *   RSS and heap;
 * - steady: `rate` steps per second becoming due for `seconds`: lateness of each step (its
 *   email's acceptance minus its due time), p50 and p99.
 */
export async function benchEnrollments(options: { accountId: string; from: string; count: number; rate: number; seconds: number }) {
  process.env.MAIL_TRANSPORT = "inbox";
  const { resetEnvCache } = await import("@/lib/config/env");
  resetEnvCache();
  const { getDb } = await import("@/lib/db/client");
  const { newId } = await import("@/lib/db/ids");
  const { advanceEnrollmentJob } = await import("@/lib/automations/advance-enrollment-job");
  const db = getDb();
  const a = options.accountId;

  /** `due`: an SQL expression of the series row `g` (each row's due time). */
  async function seed(prefix: string, count: number, due: Prisma.Sql) {
    const automationId = newId("aut");
    await db.automation.create({
      data: {
        id: automationId,
        accountId: a,
        name: `Bench ${prefix}`,
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
    const ids = (kind: string) => Prisma.sql`${`${kind}_${prefix}`} || g`;
    await db.$executeRaw`
      INSERT INTO "Contact" (id, "accountId", email, name, properties, "updatedAt")
      SELECT ${ids("con")}, ${a}, ${`${prefix}+`} || g || '@simulator.test', 'Reader ' || g, '{}', now()
      FROM generate_series(1, ${count}::int) g`;
    // enrolledAt = the step's due time (step 0 has no delay): lateness is measured from it.
    await db.$executeRaw`
      INSERT INTO "Enrollment" (id, "accountId", "automationId", "contactId", status, "nextPosition", "nextStepAt", "listName", "enrolledAt", "updatedAt")
      SELECT ${ids("enr")}, ${a}, ${automationId}, ${ids("con")}, 'active', 0, ${due}, 'bench', ${due}, now()
      FROM generate_series(1, ${count}::int) g`;
    await db.$executeRaw`
      INSERT INTO "Job" (id, name, "accountId", payload, "runAt", "maxAttempts", "updatedAt")
      SELECT ${ids("job")}, 'automation.enrollment.advance', ${a}, jsonb_build_object('enrollmentId', ${ids("enr")}),
        ${due}, 6, now()
      FROM generate_series(1, ${count}::int) g`;
    for (const table of ["Job", "Enrollment", "Contact"]) await db.$executeRaw`ANALYZE ${Prisma.raw(`"${table}"`)}`.catch(() => {});
    return automationId;
  }
  // Whether any is left (not a count of 100,000 rows every few ms: that load would be the bench's).
  const active = async (automationId: string) =>
    (await db.enrollment.findFirst({ where: { automationId, status: "active" }, select: { id: true } })) !== null;
  const lateness = (automationId: string) =>
    db.$queryRaw<{ p50: number; p99: number }[]>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99
      FROM (SELECT EXTRACT(EPOCH FROM (e."createdAt" - en."enrolledAt")) * 1000 AS ms
            FROM "Email" e JOIN "Enrollment" en ON en.id = e."enrollmentId" WHERE e."automationId" = ${automationId}) t`;

  // Burst: every step due now.
  const burst = await seed("burst", options.count, Prisma.sql`now()`);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  let peakRss = 0;
  let peakHeap = 0;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  await runWorkerUntil([advanceEnrollmentJob], async () => !(await active(burst)));
  clearInterval(sample);
  const seconds = (performance.now() - started) / 1000;
  const burstLateness = (await lateness(burst))[0];

  // Steady: `rate` steps per second come due over `seconds`. Seeded an hour ahead (seeding takes
  // seconds on a busy machine), then moved in one transaction to start 2 s from its now().
  const steadyCount = Math.round(options.rate * options.seconds);
  const ahead = new Date(Date.now() + 3600_000).toISOString();
  const steady = await seed(
    "steady",
    steadyCount,
    Prisma.sql`(${ahead}::timestamp(3) + (g - 1) * ${1000 / options.rate}::float8 * interval '1 millisecond')`,
  );
  const shift = Prisma.sql`(${ahead}::timestamp(3) - (now() AT TIME ZONE 'UTC' + interval '2 seconds'))`;
  await db.$transaction([
    db.$executeRaw`UPDATE "Job" SET "runAt" = "runAt" - ${shift} WHERE id LIKE 'job_steady%'`,
    db.$executeRaw`UPDATE "Enrollment" SET "nextStepAt" = "nextStepAt" - ${shift}, "enrolledAt" = "enrolledAt" - ${shift} WHERE "automationId" = ${steady}`,
  ]);
  await runWorkerUntil([advanceEnrollmentJob], async () => !(await active(steady)));
  const steadyLateness = (await lateness(steady))[0];
  const queued = await db.job.count({ where: { name: "email.send", status: "pending", accountId: a } });
  return {
    count: options.count,
    stepsPerSecond: options.count / seconds,
    peakRssMb: peakRss / 1024 / 1024,
    rssBeforeMb: rssBefore / 1024 / 1024,
    peakHeapMb: peakHeap / 1024 / 1024,
    burstLateness,
    steadyCount,
    lateness: steadyLateness,
    queued,
  };
}
