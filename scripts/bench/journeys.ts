import { Prisma } from "@/lib/generated/prisma/client";
import { startCpuProfile } from "./measure-process";
import { workerBurst } from "./worker-burst";

/**
 * Journeys (graph automations) through the real engine, with the worker as production runs it
 * (scripts/worker.ts in its own process, MAIL_TRANSPORT=inbox):
 * - burst: `count` runs resting at a delay, made due at once; each goes through the delay, a
 *   condition on a contact property and the email of its branch (three steps) and ends. Steps
 *   per second from the commit that made them due until no run is active, and the worker's RSS;
 * - events: `waiting` runs resting at a wait_for_event; this process records `rate` events a
 *   second for `seconds` through the code POST /events runs (recordEvent: the contact upsert,
 *   the event row, goals and waits in one transaction), each for one waiting contact, and the
 *   worker advances the resumed runs to their email. Lateness of each: its email's acceptance
 *   minus its event's recording, p50 and p99; the rate the events were recorded at, and this
 *   process's CPU an event (BENCH_JOURNEY_EVENTS_CPU_PROFILE=<file>.cpuprofile profiles it).
 */
export async function benchJourneys(options: {
  accountId: string;
  from: string;
  count: number;
  waiting: number;
  rate: number;
  seconds: number;
}) {
  process.env.MAIL_TRANSPORT = "inbox";
  const { resetEnvCache } = await import("@/lib/config/env");
  resetEnvCache();
  const { getDb } = await import("@/lib/db/client");
  const db = getDb();
  const active = async (automationId: string) =>
    (await db.enrollment.findFirst({ where: { automationId, status: "active", waitingEvent: null }, select: { id: true } })) !== null;

  const burst = await seedJourney({ ...options, prefix: "jb", count: options.count, rest: "pause" });
  const run = await workerBurst({
    env: { MAIL_TRANSPORT: "inbox" },
    makeDue: () =>
      db.$transaction([
        db.$executeRaw`UPDATE "Job" SET "runAt" = now() WHERE id LIKE 'job_jb_%'`,
        db.$executeRaw`UPDATE "Enrollment" SET "nextStepAt" = now(), "enrolledAt" = now() WHERE "automationId" = ${burst}`,
        db.$executeRaw`ANALYZE "Job"`,
      ]),
    busy: () => active(burst),
  });
  const { rssIdleMb, peakRssMb } = run;
  const burstSeconds = run.seconds;
  const burstEmails = await db.email.count({ where: { automationId: burst } });
  const branches = await db.$queryRaw<{ subject: string; n: number }[]>`
    SELECT subject, count(*)::int AS n FROM "Email" WHERE "automationId" = ${burst} GROUP BY subject ORDER BY subject`;

  // Events: runs resting at a wait (their timeouts a week ahead), the worker idle, then events.
  const waits = await seedJourney({ ...options, prefix: "jw", count: options.waiting, rest: "wait_buy" });
  const { recordEvent } = await import("@/lib/events/record-event");
  const total = Math.round(options.rate * options.seconds);
  const profile = await startCpuProfile(process.env.BENCH_JOURNEY_EVENTS_CPU_PROFILE);
  const cpu = process.cpuUsage();
  const eventsStarted = performance.now();
  const inFlight = new Set<Promise<unknown>>();
  let failed = 0;
  for (let i = 0; i < total; i++) {
    const due = eventsStarted + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Contacts spread over the waiting runs (every waiting/total-th one).
    const g = 1 + Math.floor((i * options.waiting) / total);
    const call = recordEvent({ accountId: options.accountId, input: { email: `jw+${g}@simulator.test`, name: "purchased" } }).catch(() => {
      failed += 1;
    });
    inFlight.add(call);
    void call.finally(() => inFlight.delete(call));
    // Bounded: a store slower than the rate queues here, and the achieved rate shows it.
    if (inFlight.size >= 64) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  const recordedRate = total / ((performance.now() - eventsStarted) / 1000);
  const used = process.cpuUsage(cpu);
  const recordCpuMs = (used.user + used.system) / 1000 / total;
  await profile.stop();
  const resumed = async () => db.email.count({ where: { automationId: waits } });
  const deadline = performance.now() + 120_000;
  while ((await resumed()) < total - failed && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const [lateness] = await db.$queryRaw<{ p50: number; p99: number; n: number }[]>`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99, count(*)::int AS n
    FROM (SELECT EXTRACT(EPOCH FROM (e."createdAt" - ev."createdAt")) * 1000 AS ms
          FROM "Email" e JOIN "Enrollment" en ON en.id = e."enrollmentId"
          JOIN "ContactEvent" ev ON ev."contactId" = en."contactId" AND ev.name = 'purchased'
          WHERE e."automationId" = ${waits}) t`;
  const workerExit = await run.stop();
  return {
    count: options.count,
    stepsPerSecond: (3 * options.count) / burstSeconds,
    runsPerSecond: options.count / burstSeconds,
    burstEmails,
    branches,
    rssIdleMb,
    peakRssMb,
    waiting: options.waiting,
    events: total,
    failed,
    recordedRate,
    recordCpuMs,
    lateness,
    workerExit,
  };
}

/**
 * An active journey (rest "pause": trigger, a delay, a condition on `plan` with an email on each
 * branch; rest "wait_buy": trigger, a wait for `purchased`, a thank-you email) and `count` runs resting at `rest` for contacts
 * `<prefix>+<g>@simulator.test` (every other one on the pro plan), each with its advance job an
 * hour (a delay) or a week (a wait's timeout) ahead, seeded in SQL as the engine leaves them.
 */
async function seedJourney(options: { accountId: string; from: string; prefix: string; count: number; rest: "pause" | "wait_buy" }) {
  const { getDb } = await import("@/lib/db/client");
  const { createJourney } = await import("@/lib/automations/journeys/journey-crud");
  const db = getDb();
  const { accountId, prefix, count, rest } = options;
  const { createJourneyBodySchema } = await import("@/lib/automations/graph/journey-schemas");
  const send = (key: string, subject: string) => ({ key, type: "send_email", config: { subject, html: "<p>Hi {{name}}</p>" } });
  const trigger = { key: "start", type: "trigger", config: { event_name: `bench_${prefix}` } };
  const graph =
    rest === "pause"
      ? {
          steps: [
            trigger,
            { key: "pause", type: "delay", config: { duration: "1 hour" } },
            { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
            send("pro", "Welcome, pro"),
            send("free", "Welcome"),
          ],
          connections: [
            { from: "start", to: "pause" },
            { from: "pause", to: "is_pro" },
            { from: "is_pro", to: "pro", type: "condition_met" },
            { from: "is_pro", to: "free", type: "condition_not_met" },
          ],
        }
      : {
          steps: [
            trigger,
            { key: "wait_buy", type: "wait_for_event", config: { event_name: "purchased", timeout: "7 days" } },
            send("thanks", "Thanks for your order"),
          ],
          connections: [
            { from: "start", to: "wait_buy" },
            { from: "wait_buy", to: "thanks", type: "event_received" },
          ],
        };
  const journey = await createJourney({
    accountId,
    input: createJourneyBodySchema.parse({ name: `Bench ${prefix}`, from: options.from, ...graph }),
  });
  const automationId = journey.id;
  await db.automation.update({ where: { id: automationId }, data: { status: "active" } });
  const ids = (kind: string) => Prisma.sql`${`${kind}_${prefix}_`} || g`;
  const due = rest === "pause" ? Prisma.sql`now() + interval '1 hour'` : Prisma.sql`now() + interval '7 days'`;
  const waitingEvent = rest === "wait_buy" ? "purchased" : null;
  await db.$executeRaw`
    INSERT INTO "Contact" (id, "accountId", email, name, properties, "updatedAt")
    SELECT ${ids("con")}, ${accountId}, ${`${prefix}+`} || g || '@simulator.test', 'Reader ' || g,
      jsonb_build_object('plan', CASE WHEN g % 2 = 0 THEN 'pro' ELSE 'free' END), now()
    FROM generate_series(1, ${count}::int) g`;
  await db.$executeRaw`
    INSERT INTO "Enrollment" (id, "accountId", "automationId", "contactId", status, "nextStepAt", "stepKey", "waitingEvent", "enrolledAt", "updatedAt")
    SELECT ${ids("enr")}, ${accountId}, ${automationId}, ${ids("con")}, 'active', ${due}, ${rest}, ${waitingEvent}, now(), now()
    FROM generate_series(1, ${count}::int) g`;
  await db.$executeRaw`
    INSERT INTO "Job" (id, name, "accountId", payload, "runAt", "maxAttempts", "updatedAt")
    SELECT ${ids("job")}, 'automation.enrollment.advance', ${accountId}, jsonb_build_object('enrollmentId', ${ids("enr")}), ${due}, 6, now()
    FROM generate_series(1, ${count}::int) g`;
  for (const table of ["Job", "Enrollment", "Contact"]) await db.$executeRaw`ANALYZE ${Prisma.raw(`"${table}"`)}`.catch(() => {});
  return automationId;
}
