import { Prisma } from "@/lib/generated/prisma/client";
import { runWorkerUntil } from "./run-worker-until";
import { workerBurst } from "./worker-burst";
import { measurePostgresCpu } from "./postgres-cpu";
import { startCpuProfile } from "./measure-process";

/**
 * The automation engine, two runs of the real poller, each on enrollments seeded in SQL as list
 * joins would leave them:
 * - burst: `count` enrollments due at once, advanced to accepted emails (Email rows, events
 *   and debit committed, the email.send job queued) by scripts/worker.ts in its own process:
 *   steps per second, and that process's RSS (idle, sampled peak, VmHWM);
 * - steady (this process, the advance job only): `rate` steps per second becoming due for `seconds`: lateness of each step (its
 *   email's acceptance minus its due time), p50 and p99.
 */
export async function benchEnrollments(options: { accountId: string; from: string; count: number; rate: number; seconds: number }) {
  process.env.MAIL_TRANSPORT = "inbox";
  const { resetEnvCache } = await import("@/lib/config/env");
  resetEnvCache();
  const { getDb } = await import("@/lib/db/client");
  const { advanceEnrollmentJob } = await import("@/lib/automations/enrollments/advance-enrollment-job");
  const db = getDb();

  const seed = (prefix: string, count: number, due: Prisma.Sql) =>
    seedEnrollments({ ...options, prefix, count, due, addressDomain: "simulator.test" });
  // Whether any is left (not a count of 100,000 rows every few ms: that load would be the bench's).
  const active = async (automationId: string) =>
    (await db.enrollment.findFirst({ where: { automationId, status: "active" }, select: { id: true } })) !== null;
  const lateness = (automationId: string) =>
    db.$queryRaw<{ p50: number; p99: number }[]>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99
      FROM (SELECT EXTRACT(EPOCH FROM (e."createdAt" - en."enrolledAt")) * 1000 AS ms
            FROM "Email" e JOIN "Enrollment" en ON en.id = e."enrollmentId" WHERE e."automationId" = ${automationId}) t`;

  // Burst: the worker as production runs it, in its own process (scripts/worker.ts with every
  // job; MAIL_TRANSPORT=inbox, so the sends it also runs stay local), its RSS read from /proc.
  // Seeded an hour ahead, the worker started and idle, then every step made due in one
  // transaction: steps per second from that commit until no enrollment is active.
  const burstAhead = new Date(Date.now() + 3600_000).toISOString();
  const burst = await seed("burst", options.count, Prisma.sql`${burstAhead}::timestamp(3)`);
  const run = await workerBurst({
    env: { MAIL_TRANSPORT: "inbox" },
    makeDue: () =>
      db.$transaction([
        db.$executeRaw`UPDATE "Job" SET "runAt" = now() WHERE id LIKE 'job_burst%'`,
        db.$executeRaw`UPDATE "Enrollment" SET "nextStepAt" = now(), "enrolledAt" = now() WHERE "automationId" = ${burst}`,
        // Statistics as when steps come due with time, committed with them: analyzed an hour ahead,
        // the planner takes none as due and each claim walks the 100,000 rows (seconds a claim).
        db.$executeRaw`ANALYZE "Job"`,
      ]),
    busy: () => active(burst),
  });
  const { seconds, rssIdleMb, peakRssMb, rssEndMb, hwmMb } = run;
  const sent = await db.email.count({ where: { automationId: burst, status: { not: "queued" } } }).catch(() => undefined);
  const workerExit = await run.stop();
  const burstLateness = (await lateness(burst))[0];

  // Steady: `rate` steps per second come due over `seconds`. Seeded an hour ahead (seeding takes
  // seconds on a busy machine), then moved in one transaction to start 2 s from its now().
  const steadyCount = Math.round(options.rate * options.seconds);
  // In this process (the poller with the advance job only): lateness, not memory, is measured here.
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
  const queued = await db.job.count({ where: { name: "email.send", status: "pending", accountId: options.accountId } });
  return {
    count: options.count,
    stepsPerSecond: options.count / seconds,
    rssIdleMb,
    peakRssMb,
    rssEndMb,
    hwmMb,
    sent,
    workerExit,
    burstLateness,
    steadyCount,
    lateness: steadyLateness,
    queued,
  };
}

/**
 * `count` active enrollments of a new one-step automation, each with its advance job, seeded in
 * SQL as list joins would leave them. `due`: an SQL expression of the series row `g` (each
 * row's due time); contacts' addresses are `<prefix>+<g>@<addressDomain>`.
 */
async function seedEnrollments(options: {
  accountId: string;
  from: string;
  prefix: string;
  count: number;
  due: Prisma.Sql;
  addressDomain: string;
}) {
  const { getDb } = await import("@/lib/db/client");
  const { newId } = await import("@/lib/db/ids");
  const db = getDb();
  const a = options.accountId;
  const { prefix, count, due } = options;
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
    SELECT ${ids("con")}, ${a}, ${`${prefix}+`} || g || ${`@${options.addressDomain}`}, 'Reader ' || g, '{}', now()
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

/**
 * The engine end to end: `count` enrollments due at once, advanced to accepted emails and those
 * delivered by the same worker (the advance and email.send jobs) into the SMTP server at
 * `smtpUrl` (smtp-sink): steps per second from the first claim to the last message's 250, and
 * CPU per step of the worker (this process) and of PostgreSQL's backends.
 */
export async function benchEngineEndToEnd(options: { accountId: string; from: string; count: number; smtpUrl: string; poolSize: number }) {
  process.env.MAIL_TRANSPORT = "smtp";
  process.env.SMTP_URL = options.smtpUrl;
  process.env.SMTP_POOL_SIZE = String(options.poolSize);
  const { resetEnvCache } = await import("@/lib/config/env");
  resetEnvCache();
  // The SMTP pool is per process: one left from an earlier section points at its closed sink.
  await (await import("@/lib/transports/smtp-transport")).smtpTransport.close?.();
  const { advanceEnrollmentJob } = await import("@/lib/automations/enrollments/advance-enrollment-job");
  const { emailSendJob } = await import("@/lib/emails/send-email-job");
  // The sends the runs above queued (to simulator addresses) are not this row's.
  const { getDb } = await import("@/lib/db/client");
  await getDb().job.deleteMany({ where: { name: emailSendJob.id, status: "pending" } });
  await seedEnrollments({ ...options, prefix: "e2e", due: Prisma.sql`now()`, addressDomain: "sink.example" });
  // Counted where the sink's 250 arrives, as the delivery section counts.
  const { smtpTransport } = await import("@/lib/transports/smtp-transport");
  const send = smtpTransport.send.bind(smtpTransport);
  let accepted = 0;
  smtpTransport.send = async (message) => {
    const outcome = await send(message);
    if (outcome.kind === "delivered") accepted += 1;
    return outcome;
  };
  // CPU per step, which moves far less with the machine's other load than the rate: this
  // process (the poller, advance and send) and the PostgreSQL backends serving its database.
  const postgresCpu = await measurePostgresCpu();
  const profile = await startCpuProfile(process.env.BENCH_ENGINE_E2E_CPU_PROFILE);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await runWorkerUntil([advanceEnrollmentJob, emailSendJob], () => accepted >= options.count);
  smtpTransport.send = send;
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const postgresMs = await postgresCpu.stop();
  await profile.stop();
  return {
    count: options.count,
    stepsPerSecond: options.count / seconds,
    seconds,
    workerCpuMsPerStep: (used.user + used.system) / 1000 / options.count,
    postgresCpuMsPerStep: postgresMs / options.count,
  };
}
