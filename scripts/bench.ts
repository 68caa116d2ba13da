// npm run bench – speed, each figure beside a baseline measured in the same run (the fastest
// honest way to do the same work on this machine), printed as a ratio.
//   1. accept: POST /emails and POST /emails/batch against `next start` on a real PostgreSQL
//      (autocannon), beside GET /api/health on the same server (the framework's floor).
//   2. delivery: the email.send job into Postfix's smtp-sink, beside raw pooled nodemailer
//      (TCP_NODELAY, the same DKIM key and pool size) into the same sink, printed as a ratio;
//      and, with the worker in its own process, accepted -> handed to the transport at idle.
//   3. webhooks and the automation engine, each beside its baseline.
//   4. relay: Postfix's smtp-source into the SMTP relay, beside smtp-source into smtp-sink.
//   5. broadcast: the fan-out of a 1,000,000-member list, beside one INSERT ... SELECT of its rows;
//      segments: a three-condition segment's count over 1M contacts and 10M events; import: a
//      1M-row CSV through the contacts.import job, beside INSERT ... SELECT of its rows.
//   6. inbound: smtp-source delivering 10 KB messages to the inbound SMTP server, beside smtp-sink.
// BENCH_DATABASE_URL picks the PostgreSQL server (default: this machine's, as CI has it).
// BENCH_SECTIONS=relay,delivery runs only those (http, relay, delivery, latency, webhooks, engine, journeys, broadcast, segments, import, inbound); all by default.
// BENCH_DELIVERIES (2000) and BENCH_POOL_SIZE (8) size the delivery section;
// BENCH_DELIVERY_CPU_PROFILE=<file>.cpuprofile profiles the worker over its measured run (and
// the parsed-key baseline into <file>-baseline.cpuprofile). The last lines are
// a summary table: each measure, its baseline from this run, the ratio and the target.
// BENCH_RELAY_CPU_PROFILE=<file>.cpuprofile profiles this process (the relay) over the relay's -d run.
// BENCH_ENROLLMENTS (100000) steps due at once for the engine; BENCH_ENGINE_E2E (10000) more
// advanced and delivered into smtp-sink by the same worker, beside the delivery baseline
// (BENCH_ENGINE_E2E_CPU_PROFILE=<file>.cpuprofile profiles the worker over that run).
// BENCH_INBOUND_MESSAGES (20000) sizes the inbound section; BENCH_INBOUND_CPU_PROFILE and
// BENCH_INBOUND_PROCESS_CPU_PROFILE (<file>.cpuprofile) profile its accept run and its job run.
// BENCH_JOURNEY_RUNS (100000) runs through a delay, a condition and an email at once;
// BENCH_JOURNEY_WAITING (100000) runs waiting for an event, BENCH_JOURNEY_EVENT_RATE (1000) events
// a second for BENCH_JOURNEY_EVENT_SECONDS (10) s recorded against them
// (BENCH_JOURNEY_EVENTS_CPU_PROFILE=<file>.cpuprofile profiles the recording process).
// BENCH_BROADCAST_MEMBERS sets the broadcast's list size (default 1000000; BENCH_BROADCAST_CPU_PROFILE=<file>
// profiles the fan-out; BENCH_BROADCAST_WORKER_MEMBERS, 200000, how many of them a second broadcast
// sends through the worker process, for its memory). BENCH_SEGMENT_CONTACTS (1000000), BENCH_SEGMENT_EVENTS (10 a contact) and
// BENCH_SEGMENT_EMAILS (a fifth of the contacts) size the segments section; BENCH_IMPORT_ROWS
// (1000000) the import section (BENCH_IMPORT_CPU_PROFILE=<file> profiles it).
// BENCH_DATABASE_PREFIX names the bench's own database (default mailwright_bench, then the pid).
// BENCH_WEB_NODE_ARGS adds node flags to `next start` (profiling the accept path);
// BENCH_WORKER_NODE_ARGS to the engine's worker process (e.g. --max-old-space-size=128).
import { spawn, spawnSync } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import nodemailer from "nodemailer";
import { buildIsFresh, recordBuild, sourceStamp } from "./lib/build-stamp";
import { WEB_NODE_FLAGS } from "./lib/web-node-flags";
import { benchDatabase } from "./bench/setup";
import { postgresCpuMeter, processCpuMs } from "./bench/postgres-cpu";
import { countStatements, startCpuProfile } from "./bench/measure-process";
import { startSmtpSink } from "./bench/postfix";
import { startWorkerProcess } from "./bench/worker-process";
import { benchWebhooks } from "./bench/webhooks";
import { benchEngineEndToEnd, benchEnrollments } from "./bench/enrollments";
import { runWorkerUntil } from "./bench/run-worker-until";
import { benchRelay } from "./bench/relay";
import { benchBroadcast } from "./bench/broadcast";
import { benchSegmentCount } from "./bench/segment-count";
import { benchContactImport } from "./bench/contact-import";
import { benchInbound } from "./bench/inbound";
import { benchJourneys } from "./bench/journeys";
import { vacuumIfAutovacuumOff } from "./bench/vacuum";

const server = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const deliveries = Number(process.env.BENCH_DELIVERIES ?? 2000);
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 8);
// A free port of its own: a server left over from an interrupted run on a fixed port answered
// /api/health for it and 401 for every send (its database had another key).
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolve(free));
  });
});
const sections = process.env.BENCH_SECTIONS?.split(",").map((s) => s.trim());
const runs = (section: string) => !sections || sections.includes(section);
const base = `http://127.0.0.1:${port}`;
// The delivery section's baseline (raw nodemailer into smtp-sink), which the engine's end-to-end row is compared with.
let deliveryBaselineRate: number | undefined;
const summary: { measure: string; value: string; baseline: string; ratio?: number; target: string; met?: boolean }[] = [];
const NEXT_BIN = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

const db = await benchDatabase(server);
process.env.DATABASE_URL = db.url;
process.env.APP_SECRET ??= "bench-secret-0123456789abcdef";
process.env.LOG_LEVEL = "warn";
process.env.DB_POOL_SIZE = "20";
// The relay section's AUTH proxy logs in over loopback without TLS (smtp-source has none).
process.env.SMTP_ALLOW_INSECURE_AUTH = "1";
process.env.NEXT_TELEMETRY_DISABLED = "1";

const { getDb, disconnectDb } = await import("@/lib/db/client");
const { createAccount } = await import("@/lib/accounts/create-account");
const { createApiKey } = await import("@/lib/api-keys/create-api-key");
const { createDomain } = await import("@/lib/domains/create-domain");

const { account } = await createAccount({ name: "Bench", email: "bench@example.test", password: "bench password" });
await getDb().account.update({
  where: { id: account.id },
  data: { creditBalance: 100_000_000, rateLimitPerSecond: 1_000_000, rateLimitBurst: 1_000_000, trackOpens: true, trackClicks: true },
});
const { key } = await createApiKey({ accountId: account.id, input: { name: "bench" } });
const domain = await createDomain({ accountId: account.id, input: { domain: "bench.example" } });
await getDb().domain.update({ where: { id: domain.id }, data: { status: "verified", verifiedAt: new Date() } });

const one = (i: number) => ({
  from: "Bench <hello@bench.example>",
  to: [`user${i}@sink.example`],
  subject: "Hello {{name}}",
  html: '<p>Hi {{name}}</p><a href="https://example.com/x">link</a>',
  variables: { name: "there" },
});

// BENCH_SKIP_HTTP=1 runs only the in-process sections (relay, delivery, webhooks, engine).
if (process.env.BENCH_SKIP_HTTP !== "1" && runs("http")) await benchHttp();
if (runs("relay")) await benchRelaySection();
if (runs("inbound")) await benchInboundSection();
// What the accept sections queued (hundreds of thousands of emails, under email.send and, for
// batches and grouped accepts, email.send-batch jobs) is not part of what the later sections
// measure: a worker of theirs that knows both jobs would deliver that backlog meanwhile.
await dropQueuedDeliveries();
// And their rows (a million analytics events, hundreds of thousands of emails) came after the
// last statistics: with autovacuum off here, the later sections would plan on stale ones.
if (runs("http") || runs("relay")) {
  const vacuumed = await vacuumIfAutovacuumOff();
  if (vacuumed) console.log(vacuumed);
}
if (runs("delivery")) await benchDelivery();
if (runs("latency")) await benchSendLatency();
if (runs("webhooks")) {
  // The events refer to an email of the account: one accepted here when no section before made one.
  if (!(await getDb().email.findFirst({ where: { accountId: account.id }, select: { id: true } }))) {
    const { acceptEmails } = await import("@/lib/emails/accept-emails");
    await acceptEmails({ accountId: account.id, emails: [one(0)], source: { kind: "api" } });
  }
  const hooksResult = await benchWebhooks({ accountId: account.id, events: Number(process.env.BENCH_WEBHOOK_EVENTS ?? 500), hooks: 4 });
  console.log(`\nWebhook fan-out (${hooksResult.expected} deliveries to 4 webhooks on a loopback receiver, 16 jobs at once)`);
  console.log(
    `${"webhooks.deliver".padEnd(28)} ${hooksResult.pipelineRate.toFixed(0).padStart(8)} /s   (sign, SSRF-checked connect, log row)`,
  );
  console.log(`${"raw fetch, 16 at once".padEnd(28)} ${hooksResult.rawRate.toFixed(0).padStart(8)} /s`);
  console.log(
    `${"raw fetch, 1 per endpoint".padEnd(28)} ${hooksResult.rawPerEndpointRate.toFixed(0).padStart(8)} /s   (the in-flight requests the per-endpoint order allows)`,
  );
  console.log(
    `ratio ${(hooksResult.pipelineRate / hooksResult.rawRate).toFixed(2)}x of 16 at once, ${(hooksResult.pipelineRate / hooksResult.rawPerEndpointRate).toFixed(2)}x of one per endpoint; signing both signatures: ${hooksResult.signMicros.toFixed(1)} µs per delivery`,
  );
  summary.push({
    measure: "webhooks: 4 endpoints, loopback",
    value: `${hooksResult.pipelineRate.toFixed(0)} /s`,
    baseline: `raw fetch keep-alive ${hooksResult.rawRate.toFixed(0)} /s`,
    ratio: hooksResult.pipelineRate / hooksResult.rawRate,
    target: ">= 0.5x",
    met: hooksResult.pipelineRate / hooksResult.rawRate >= 0.5,
  });
  summary.push({
    measure: "webhooks, baseline one request per endpoint",
    value: `${hooksResult.pipelineRate.toFixed(0)} /s`,
    baseline: `raw fetch, ${4} at once ${hooksResult.rawPerEndpointRate.toFixed(0)} /s`,
    ratio: hooksResult.pipelineRate / hooksResult.rawPerEndpointRate,
    target: ">= 0.5x",
    met: hooksResult.pipelineRate / hooksResult.rawPerEndpointRate >= 0.5,
  });
}
if (runs("engine")) {
  // BENCH_ENROLLMENTS (default 100000) due at once; BENCH_ENGINE_RATE steps/s (500) arriving for BENCH_ENGINE_SECONDS (60).
  const engine = await benchEnrollments({
    accountId: account.id,
    from: "Bench <hello@bench.example>",
    count: Number(process.env.BENCH_ENROLLMENTS ?? 100_000),
    rate: Number(process.env.BENCH_ENGINE_RATE ?? 500),
    seconds: Number(process.env.BENCH_ENGINE_SECONDS ?? 60),
  });
  console.log(
    `\nAutomation engine (scripts/worker.ts in its own process, as \`npm run worker\` runs it: due steps to accepted emails, rows committed, send queued)`,
  );
  console.log(
    `${engine.count} due at once      ${engine.stepsPerSecond.toFixed(0).padStart(8)} steps/s   worker RSS (/proc VmRSS) peak ${engine.peakRssMb.toFixed(0)} MB (idle ${engine.rssIdleMb.toFixed(0)} MB, at the end ${engine.rssEndMb.toFixed(0)} MB; VmHWM ${engine.hwmMb.toFixed(0)} MB)   goal >= 2000 steps/s, < 300 MB`,
  );
  console.log(
    `meanwhile the worker also ran ${engine.sent ?? "?"} of the queued sends (inbox transport); it exited with ${engine.workerExit} on SIGTERM; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `${`${engine.steadyCount / (Number(process.env.BENCH_ENGINE_SECONDS ?? 60) || 1)} steps/s for ${process.env.BENCH_ENGINE_SECONDS ?? 60} s`.padEnd(21)} lateness (accepted - due) p50 ${(engine.lateness.p50 / 1000).toFixed(2)} s   p99 ${(engine.lateness.p99 / 1000).toFixed(2)} s   goal p99 <= 2 s`,
  );
  summary.push({
    measure: `engine: ${engine.count} due steps to accepted emails`,
    value: `${engine.stepsPerSecond.toFixed(0)} steps/s, RSS ${engine.peakRssMb.toFixed(0)} MB`,
    baseline: "none",
    target: ">= 2,000 steps/s, RSS < 300 MB",
    met: engine.stepsPerSecond >= 2000 && engine.peakRssMb < 300,
  });
  summary.push({
    measure: "engine lateness, steady rate",
    value: `p50 ${(engine.lateness.p50 / 1000).toFixed(2)} s, p99 ${(engine.lateness.p99 / 1000).toFixed(2)} s`,
    baseline: "none",
    target: "p99 <= 2 s",
    met: engine.lateness.p99 <= 2000,
  });
  // End to end: due steps delivered into smtp-sink by the same worker (advance and email.send),
  // beside the delivery section's raw nodemailer baseline (measured here when that section did not run).
  const vacuumed = await vacuumIfAutovacuumOff();
  if (vacuumed) console.log(vacuumed);
  const sink = await startSmtpSink();
  const e2e = await benchEngineEndToEnd({
    accountId: account.id,
    from: "Bench <hello@bench.example>",
    count: Number(process.env.BENCH_ENGINE_E2E ?? 10_000),
    smtpUrl: sink.url,
    poolSize,
  });
  const baselineRate = deliveryBaselineRate ?? (await rawNodemailerRate(sink.port));
  await sink.close();
  const e2eRatio = e2e.stepsPerSecond / baselineRate;
  console.log(
    `${`${e2e.count} due, end to end`.padEnd(21)} ${e2e.stepsPerSecond.toFixed(0).padStart(8)} steps/s delivered into smtp-sink   raw nodemailer ${baselineRate.toFixed(0)} /s   ratio ${e2eRatio.toFixed(2)}x (goal >= 0.6x)`,
  );
  console.log(
    `${"".padEnd(21)} per step: CPU of the worker (this process) ${e2e.workerCpuMsPerStep.toFixed(2)} ms, of PostgreSQL's backends ${e2e.postgresCpuMsPerStep.toFixed(2)} ms; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  summary.push({
    measure: `engine end to end: ${e2e.count} steps into smtp-sink`,
    value: `${e2e.stepsPerSecond.toFixed(0)} steps/s; ${e2e.workerCpuMsPerStep.toFixed(2)} ms worker + ${e2e.postgresCpuMsPerStep.toFixed(2)} ms PostgreSQL CPU a step`,
    baseline: `raw nodemailer ${baselineRate.toFixed(0)} /s`,
    ratio: e2eRatio,
    target: ">= 0.6x",
    met: e2eRatio >= 0.6,
  });
}

if (runs("journeys")) {
  const vacuumed = await vacuumIfAutovacuumOff();
  if (vacuumed) console.log(vacuumed);
  const j = await benchJourneys({
    accountId: account.id,
    from: "Bench <hello@bench.example>",
    count: Number(process.env.BENCH_JOURNEY_RUNS ?? 100_000),
    waiting: Number(process.env.BENCH_JOURNEY_WAITING ?? 100_000),
    rate: Number(process.env.BENCH_JOURNEY_EVENT_RATE ?? 1000),
    seconds: Number(process.env.BENCH_JOURNEY_EVENT_SECONDS ?? 10),
  });
  console.log(`\nJourneys (scripts/worker.ts in its own process: runs advanced to accepted emails)`);
  console.log(
    `${`${j.count} runs at once`.padEnd(28)} ${j.stepsPerSecond.toFixed(0).padStart(8)} steps/s (${j.runsPerSecond.toFixed(0)} runs/s through delay, condition, email)   worker RSS peak ${j.peakRssMb.toFixed(0)} MB (idle ${j.rssIdleMb.toFixed(0)} MB)   goal >= 2000 steps/s, < 300 MB`,
  );
  console.log(`${"".padEnd(28)} emails ${j.burstEmails}: ${j.branches.map((b) => `${b.subject} ${b.n}`).join(", ")}`);
  console.log(
    `${`events vs ${j.waiting} waiting`.padEnd(28)} ${j.recordedRate.toFixed(0).padStart(8)} events/s recorded (${j.events} sent at ${process.env.BENCH_JOURNEY_EVENT_RATE ?? 1000}/s, ${j.failed} failed; ${j.recordCpuMs.toFixed(2)} ms CPU an event recording)   lateness (email accepted - event recorded) p50 ${(j.lateness.p50 / 1000).toFixed(2)} s, p99 ${(j.lateness.p99 / 1000).toFixed(2)} s over ${j.lateness.n} runs   goal p99 <= 2 s`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; the worker exited with ${j.workerExit} on SIGTERM`,
  );
  summary.push({
    measure: `journeys: ${j.count} runs, delay + condition + email`,
    value: `${j.stepsPerSecond.toFixed(0)} steps/s, RSS ${j.peakRssMb.toFixed(0)} MB`,
    baseline: "none",
    target: ">= 2,000 steps/s, RSS < 300 MB",
    met: j.stepsPerSecond >= 2000 && j.peakRssMb < 300,
  });
  summary.push({
    measure: `journeys: events vs ${j.waiting} waiting runs`,
    value: `${j.recordedRate.toFixed(0)} events/s, p99 ${(j.lateness.p99 / 1000).toFixed(2)} s`,
    baseline: "none",
    target: "1,000 events/s, p99 <= 2 s",
    met: j.recordedRate >= 990 && j.lateness.p99 <= 2000 && j.lateness.n >= j.events - j.failed && !j.failed,
  });
}

if (runs("broadcast")) {
  const fanout = await benchBroadcast({
    accountId: account.id,
    from: "Bench <hello@bench.example>",
    members: Number(process.env.BENCH_BROADCAST_MEMBERS ?? 1_000_000),
    workerMembers: Math.min(
      Number(process.env.BENCH_BROADCAST_MEMBERS ?? 1_000_000),
      Number(process.env.BENCH_BROADCAST_WORKER_MEMBERS ?? 200_000),
    ),
  });
  console.log(
    `\nBroadcast fan-out (${fanout.members} list members, ${fanout.batches} batches, accept only: delivery is the section above)`,
  );
  console.log(
    `${"broadcasts.send".padEnd(28)} ${fanout.fanoutRate.toFixed(0).padStart(8)} /s   (page, subject and variables, accept: emails, recipients, jobs, debit) in ${fanout.fanoutSeconds.toFixed(1)} s`,
  );
  console.log(
    `${"INSERT ... SELECT (baseline)".padEnd(28)} ${fanout.baselineRate.toFixed(0).padStart(8)} /s   (the same Email and EmailRecipient rows, nothing else)`,
  );
  const w = fanout.inWorker;
  console.log(
    `${"in the worker process".padEnd(28)} ${w.rate.toFixed(0).padStart(8)} /s   (${w.members} members, delivering meanwhile); worker RSS idle ${w.rssIdleMb.toFixed(0)} MB, peak ${w.peakRssMb.toFixed(0)} MB sampled, ${w.hwmMb.toFixed(0)} MB VmHWM (goal < 300 MB)`,
  );
  summary.push({
    measure: `broadcast fan-out, ${fanout.members / 1e6}M members`,
    value: `${fanout.fanoutRate.toFixed(0)} /s`,
    baseline: `INSERT ... SELECT ${fanout.baselineRate.toFixed(0)} /s`,
    ratio: fanout.fanoutRate / fanout.baselineRate,
    target: ">= 25,000 /s",
    met: fanout.fanoutRate >= 25_000,
  });
  console.log(
    `ratio ${(fanout.fanoutRate / fanout.baselineRate).toFixed(2)}x of the baseline; per member: CPU of this process ${(fanout.nodeCpuMsPerMember * 1000).toFixed(0)} µs, of PostgreSQL's backends ${(fanout.postgresCpuMsPerMember * 1000).toFixed(0)} µs; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}

if (runs("segments")) {
  const contacts = Number(process.env.BENCH_SEGMENT_CONTACTS ?? 1_000_000);
  const events = Number(process.env.BENCH_SEGMENT_EVENTS ?? 10 * contacts);
  const seg = await benchSegmentCount({
    accountId: account.id,
    contacts,
    events,
    emails: Number(process.env.BENCH_SEGMENT_EMAILS ?? Math.round(contacts / 5)),
    runs: 20,
  });
  console.log(
    `\nSegment count (${contacts} contacts, ${events} events, seeded in ${seg.seedSeconds.toFixed(0)} s; filter: plan = pro AND opened within 30 days AND purchase within 30 days; ${seg.count} match)`,
  );
  console.log(
    `${"countSegmentMembers x 20".padEnd(28)} p50 ${seg.p50.toFixed(0)} ms   p95 ${seg.p95.toFixed(0)} ms   max ${seg.max.toFixed(0)} ms   goal p95 <= 1000 ms`,
  );
  console.log(
    `${"count(*) of the contacts".padEnd(28)} ${seg.floorMs.toFixed(0)} ms (the floor); load average ${seg.load.map((l) => l.toFixed(2)).join(" ")}`,
  );
  summary.push({
    measure: `segment count, 3 conditions, ${contacts / 1e6}M contacts`,
    value: `p95 ${seg.p95.toFixed(0)} ms`,
    baseline: `count(*) of the contacts ${seg.floorMs.toFixed(0)} ms`,
    ratio: seg.floorMs / seg.p95,
    target: "p95 <= 1 s",
    met: seg.p95 <= 1000,
  });
}

if (runs("import")) {
  const imported = await benchContactImport({ accountId: account.id, rows: Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000) });
  const ratio = imported.importRate / imported.baselineRate;
  console.log(
    `\nContact import (${imported.rows} CSV rows, ${imported.megabytes.toFixed(0)} MB, into a list; the contacts.import job handler)`,
  );
  console.log(
    `${"contacts.import".padEnd(28)} ${imported.importRate.toFixed(0).padStart(8)} rows/s in ${imported.importSeconds.toFixed(1)} s`,
  );
  console.log(
    `${"INSERT ... SELECT (baseline)".padEnd(28)} ${imported.baselineRate.toFixed(0).padStart(8)} rows/s   (the same contacts and memberships, nothing else)`,
  );
  console.log(`ratio ${ratio.toFixed(2)}x of the baseline; load average ${imported.load.map((l) => l.toFixed(2)).join(" ")}`);
  summary.push({
    measure: `contact import, ${imported.rows / 1e6}M rows`,
    value: `${imported.importRate.toFixed(0)} rows/s`,
    baseline: `INSERT ... SELECT ${imported.baselineRate.toFixed(0)} rows/s`,
    ratio,
    target: ">= 10,000 rows/s",
    met: imported.importRate >= 10_000,
  });
}

if (summary.length) {
  console.log("\nSummary (one run, each measure beside its baseline)");
  console.log(`${"measure".padEnd(44)} ${"value".padEnd(26)} ${"baseline (same run)".padEnd(34)} ${"ratio".padStart(6)}  target`);
  for (const r of summary)
    console.log(
      `${r.measure.padEnd(44)} ${r.value.padEnd(26)} ${r.baseline.padEnd(34)} ${(r.ratio === undefined ? "" : `${r.ratio.toFixed(2)}x`).padStart(6)}  ${r.target}${r.met === undefined ? "" : r.met ? "  met" : "  SHORT"}`,
    );
}

const { smtpTransport } = await import("@/lib/transports/smtp-transport");
await smtpTransport.close?.();
await disconnectDb();
await db.drop();
process.exit(0);

async function benchHttp() {
  if (!buildIsFresh()) {
    console.log("building the app first");
    const stamp = sourceStamp();
    if (spawnSync(process.execPath, [NEXT_BIN, "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
    recordBuild(stamp);
  }
  // BENCH_WEB_NODE_ARGS passes node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_WEB_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  // The web process runs with the flags it has in production (scripts/lib/web-node-flags.ts).
  const web = spawn(process.execPath, [...WEB_NODE_FLAGS, ...nodeArgs, NEXT_BIN, "start", "-p", String(port)], {
    stdio: "ignore",
    env: process.env,
  });
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }

  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const load = (p: string, body: unknown, connections: number, getHeaders: Record<string, string> = {}) =>
    autocannon({
      url: `${base}${p}`,
      method: body ? "POST" : "GET",
      headers: body ? headers : getHeaders,
      body: body ? JSON.stringify(body) : undefined,
      connections,
      duration: seconds,
    });

  // CPU time of the web process (utime + stime from /proc, in ms) around each load: per request
  // it depends far less on the machine's other load than the rates do.
  const webCpuMs = () => processCpuMs(web.pid!) ?? 0;
  // And of the PostgreSQL backends serving the bench's database (this machine's server only).
  const pgCpu = postgresCpuMeter(server, db.name);
  const measured = async (run: () => ReturnType<typeof load>) => {
    const pgMeasure = await pgCpu.start();
    const before = webCpuMs();
    const result = await run();
    const webMs = webCpuMs() - before;
    const pgMs = await pgMeasure.stop();
    const requests = Math.max(result.requests.total, 1);
    return Object.assign(result, { cpuMsPerRequest: webMs / requests, pgCpuMsPerRequest: pgMs === null ? null : pgMs / requests });
  };

  // Warm up the routes (first requests compile and connect).
  await load("/api/v1/emails", one(0), 4).catch(() => {});
  await load("/api/v1/emails/batch", [one(0)], 2).catch(() => {});
  const floor = await measured(() => load("/api/health", null, 50));
  const loggedBefore = await getDb().requestLog.count({ where: { accountId: account.id, method: "POST", path: "/emails" } });
  const single = await measured(() => load("/api/v1/emails", one(1), 50));
  // Every API request is logged (method, path, status, redacted bodies) off the request path:
  // the row above is measured with logging on, and its logs must all reach the table.
  const logged = await waitForRequestLogs(loggedBefore + single.requests.total);
  const loggedShare = (logged - loggedBefore) / Math.max(single.requests.total, 1);
  const batch = await measured(() =>
    load(
      "/api/v1/emails/batch",
      Array.from({ length: 100 }, (_, i) => one(i)),
      10,
    ),
  );

  // Which statuses the non-2xx answers were (a figure over failed requests is no figure).
  const codes = (r: Awaited<ReturnType<typeof autocannon>>) =>
    r.non2xx
      ? ` (${Object.entries(r.statusCodeStats ?? {})
          .filter(([code]) => !code.startsWith("2"))
          .map(([code, stat]) => `${code}: ${stat.count}`)
          .join(", ")})`
      : "";
  const row = (
    name: string,
    r: Awaited<ReturnType<typeof autocannon>> & { cpuMsPerRequest: number; pgCpuMsPerRequest: number | null },
    per = 1,
  ) =>
    `${name.padEnd(28)} ${(r.requests.average * per).toFixed(0).padStart(8)} /s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}${codes(r)}   web CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request` +
    `${r.pgCpuMsPerRequest === null ? "" : `, PostgreSQL CPU ${r.pgCpuMsPerRequest.toFixed(2)} ms/request`}` +
    (per > 1
      ? ` (per email: web ${((r.cpuMsPerRequest * 1000) / per).toFixed(1)} µs${r.pgCpuMsPerRequest === null ? "" : `, PostgreSQL ${((r.pgCpuMsPerRequest * 1000) / per).toFixed(1)} µs`})`
      : "");
  console.log("\nAccept (next start + PostgreSQL, 2 cores)");
  console.log(row("GET /api/health (floor)", floor));
  console.log(row("POST /emails", single));
  console.log(row("POST /emails/batch (emails)", batch, 100));
  console.log(`single sends reach ${((single.requests.average / floor.requests.average) * 100).toFixed(0)}% of the framework floor`);
  console.log(
    `request logs written for POST /emails: ${logged - loggedBefore} of ${single.requests.total} requests (${(loggedShare * 100).toFixed(1)}%)`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const acceptRatio = single.requests.average / floor.requests.average;
  summary.push({
    measure: "POST /emails, 50 connections, logged",
    value: `${single.requests.average.toFixed(0)} /s, p99 ${single.latency.p99} ms${single.non2xx ? `, ${single.non2xx} non-2xx` : ""}`,
    baseline: `GET /api/health ${floor.requests.average.toFixed(0)} /s`,
    ratio: acceptRatio,
    target: ">= 0.7x, p99 <= 100 ms",
    met: acceptRatio >= 0.7 && single.latency.p99 <= 100 && !single.non2xx && loggedShare >= 0.999,
  });
  summary.push({
    measure: "POST /emails/batch (100 per request)",
    value: `${(batch.requests.average * 100).toFixed(0)} emails/s${batch.non2xx ? `, ${batch.non2xx} non-2xx` : ""}`,
    baseline: "none",
    target: ">= 25,000 emails/s",
    met: batch.requests.average * 100 >= 25_000 && !batch.non2xx,
  });

  // Analytics with 1,000,000 events in the account: events and their hourly counters are
  // generated in SQL (as the pipeline would have written them), then read through the API.
  const events = Number(process.env.BENCH_EVENTS ?? 1_000_000);
  const seedEmail = (await getDb().email.findFirstOrThrow({ where: { accountId: account.id }, select: { id: true } })).id;
  const t0 = performance.now();
  // In slices: one statement of a million rows outlasts the pool's statement timeout on a busy machine.
  for (let from = 1; from <= events; from += 100_000)
    await getDb().$executeRaw`
    INSERT INTO "EmailEvent" (id, "accountId", "emailId", type, data, tags, domain, "createdAt")
    SELECT 'evt_bench' || g, ${account.id}, ${seedEmail},
      (ARRAY['email.sent','email.delivered','email.opened','email.clicked','email.bounced'])[1 + g % 5],
      jsonb_build_object('unique', g % 3 = 0, 'link', 'https://example.com/' || (g % 50)), '[]', 'bench.example',
      now() - (g % (30 * 24 * 60)) * interval '1 minute'
    FROM generate_series(${from}::int, ${Math.min(events, from + 99_999)}::int) g`;
  await getDb().$executeRawUnsafe(`
    INSERT INTO "AnalyticsCounter" ("accountId", bucket, domain, "automationId", sent, delivered, opened, "uniqueOpened", clicked, "uniqueClicked", bounced, complained)
    SELECT "accountId", date_trunc('hour', "createdAt"), domain, '',
      count(*) FILTER (WHERE type = 'email.sent'), count(*) FILTER (WHERE type = 'email.delivered'),
      count(*) FILTER (WHERE type = 'email.opened'), count(*) FILTER (WHERE type = 'email.opened' AND (data->>'unique')::boolean),
      count(*) FILTER (WHERE type = 'email.clicked'), count(*) FILTER (WHERE type = 'email.clicked' AND (data->>'unique')::boolean),
      count(*) FILTER (WHERE type = 'email.bounced'), 0
    FROM "EmailEvent" WHERE id LIKE 'evt_bench%' GROUP BY 1, 2, 3
    ON CONFLICT ("accountId", bucket, domain, "automationId", shard) DO UPDATE SET sent = "AnalyticsCounter".sent + EXCLUDED.sent`);
  await getDb().$executeRawUnsafe(`
    INSERT INTO "AnalyticsLinkCounter" ("accountId", bucket, domain, "automationId", url, clicks, "uniqueClicks")
    SELECT "accountId", date_trunc('hour', "createdAt"), domain, '', data->>'link', count(*), count(*) FILTER (WHERE (data->>'unique')::boolean)
    FROM "EmailEvent" WHERE id LIKE 'evt_bench%' AND type = 'email.clicked' GROUP BY 1, 2, 3, 5`);
  console.log(`\nseeded ${events} events in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const overviewLoad = await load("/api/v1/analytics/overview", null, 10, headers);
  const seriesLoad = await load(
    // Six days, not seven: `to` is each request's now, and hourly buckets cover at most seven days
    // (a range a few seconds past seven is a 400, which every request of the run answered).
    "/api/v1/analytics/timeseries?interval=hour&from=" + new Date(Date.now() - 6 * 86_400_000).toISOString(),
    null,
    10,
    headers,
  );
  const linksLoad = await load("/api/v1/analytics/top-links?limit=10", null, 10, headers);
  web.kill("SIGTERM");

  const latency = (name: string, r: Awaited<ReturnType<typeof autocannon>>) =>
    `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} /s   p50 ${String(r.latency.p50).padStart(4)} ms   p97.5 ${String(r.latency.p97_5).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}`;
  console.log(`\nAnalytics with ${events} events (10 connections)`);
  console.log(latency("GET /analytics/overview", overviewLoad));
  console.log(latency("GET /analytics/timeseries (hourly, 6 d)", seriesLoad));
  console.log(latency("GET /analytics/top-links", linksLoad));
}

async function dropQueuedDeliveries() {
  await getDb().job.deleteMany({ where: { name: { in: ["email.send", "email.send-batch"] }, status: "pending" } });
}

// Delivery: queue emails, then let the worker's job drive them into Postfix's smtp-sink, beside
// raw pooled nodemailer (TCP_NODELAY, the same DKIM key, the same pool size) into the same sink.
async function benchDelivery() {
  const sink = await startSmtpSink();
  process.env.MAIL_TRANSPORT = "smtp";
  process.env.SMTP_URL = sink.url;
  process.env.SMTP_POOL_SIZE = String(poolSize);
  const { resetEnvCache } = await import("@/lib/config/env");
  resetEnvCache();
  const { acceptEmails } = await import("@/lib/emails/accept-emails");
  const { emailSendJob } = await import("@/lib/emails/send-email-job");
  const queue = async (from: number, count: number) => {
    for (let i = 0; i < count; i += 100) {
      await acceptEmails({
        accountId: account.id,
        // Not `batch: true`: a batch request's emails go to one email.send-batch job, and this
        // row measures email.send, the job every single send and relayed message runs.
        emails: Array.from({ length: Math.min(100, count - i) }, (_, j) => one(from + i + j)),
        source: { kind: "api" },
      });
    }
  };
  // Counted where the sink's 250 arrives: the pipeline's own transport (polling the database
  // for it would load the machine being measured).
  const { smtpTransport } = await import("@/lib/transports/smtp-transport");
  const send = smtpTransport.send.bind(smtpTransport);
  let accepted = 0;
  smtpTransport.send = async (message) => {
    const outcome = await send(message);
    if (outcome.kind === "delivered") accepted += 1;
    return outcome;
  };
  // A warm-up first (BENCH_DELIVERY_WARMUP, default 1,000 emails), off the clock: the baselines
  // run after the pipeline, on nodemailer code the pipeline has already warmed up, so the
  // pipeline's own first run (lazy imports, the JIT, the pool's connections) is left out too.
  // 1,000 and not 200: the batch's own code runs once per 50 emails, and after 4 batches V8 had
  // not optimized it yet (its compiler threads took 0.2 ms of CPU per email in the measured run).
  const warmup = Number(process.env.BENCH_DELIVERY_WARMUP ?? 1000);
  if (warmup > 0) {
    await queue(1_000_000, warmup);
    await runWorkerUntil([emailSendJob], () => accepted >= warmup);
  }
  await queue(0, deliveries);
  accepted = 0;
  // Load-independent figures beside the rates: statements sent to PostgreSQL (every pg query
  // of this process) and this process's CPU time, per email.
  const statements = await countStatements();
  // And the CPU of the PostgreSQL backends serving the bench's database (this machine's server only).
  const pgMeasure = await postgresCpuMeter(server, db.name).start();
  const profile = await startCpuProfile(process.env.BENCH_DELIVERY_CPU_PROFILE);
  let cpu = process.cpuUsage();
  const started = performance.now();
  await runWorkerUntil([emailSendJob], () => accepted >= deliveries);
  smtpTransport.send = send;
  const pipelineSeconds = (performance.now() - started) / 1000;
  const pipelineCpu = process.cpuUsage(cpu);
  const pipelineStatements = statements.stop();
  const pipelinePgMs = await pgMeasure.stop();
  // Written after the figures are taken: writing the profile is no part of the run.
  await profile.stop();

  // Two baselines: nodemailer given the key as PEM text (its documented form, which parses the
  // key again for every signature) and given the parsed key, as the pipeline signs; the faster
  // one is the row's baseline (a baseline is the fastest honest way to do the same work).
  cpu = process.cpuUsage();
  const pemRate = await rawNodemailerRate(sink.port, { parsedKey: false });
  const pemCpu = process.cpuUsage(cpu);
  const baselineProfile = await startCpuProfile(
    process.env.BENCH_DELIVERY_CPU_PROFILE?.replace(/(\.cpuprofile)?$/, "-baseline.cpuprofile"),
  );
  cpu = process.cpuUsage();
  const parsedRate = await rawNodemailerRate(sink.port, { parsedKey: true });
  const parsedCpu = process.cpuUsage(cpu);
  await baselineProfile.stop();
  const rawRate = Math.max(pemRate, parsedRate);
  deliveryBaselineRate = rawRate;
  const cpuMs = (usage: NodeJS.CpuUsage) => ((usage.user + usage.system) / 1000 / deliveries).toFixed(2);

  const pipelineRate = deliveries / pipelineSeconds;
  console.log(
    `\nDelivery into Postfix smtp-sink (${deliveries} emails after ${warmup} to warm up, the worker with 16 jobs at once, pool of ${poolSize})`,
  );
  console.log(`${"Mailwright email.send".padEnd(34)} ${pipelineRate.toFixed(0).padStart(8)} /s   (render, DKIM, tracking, events)`);
  console.log(
    `${"raw nodemailer, parsed key".padEnd(34)} ${parsedRate.toFixed(0).padStart(8)} /s   (TCP_NODELAY, the same DKIM key as a KeyObject, pool size)`,
  );
  console.log(`${"raw nodemailer, PEM key".padEnd(34)} ${pemRate.toFixed(0).padStart(8)} /s   (the same, the key as PEM text)`);
  console.log(
    `ratio ${(pipelineRate / rawRate).toFixed(2)}x of the faster baseline (${(pipelineRate / parsedRate).toFixed(2)}x parsed key, ${(pipelineRate / pemRate).toFixed(2)}x PEM)`,
  );
  console.log(
    `per email: ${(pipelineStatements / deliveries).toFixed(2)} PostgreSQL statements; CPU of this process ${cpuMs(pipelineCpu)} ms (baselines: parsed key ${cpuMs(parsedCpu)} ms, PEM ${cpuMs(pemCpu)} ms); of PostgreSQL's backends ${pipelinePgMs === null ? "unknown" : `${(pipelinePgMs / deliveries).toFixed(2)} ms`}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  summary.push({
    measure: "delivery: email.send into smtp-sink",
    value: `${pipelineRate.toFixed(0)} /s`,
    baseline: `raw nodemailer ${rawRate.toFixed(0)} /s`,
    ratio: pipelineRate / rawRate,
    target: ">= 0.8x",
    met: pipelineRate / rawRate >= 0.8,
  });
  await sink.close();
}

// Accepted to handed to the transport for a single send at idle: the real worker in its own
// process (as `npm start` and `npm run worker` run it), a send accepted here now and then.
async function benchSendLatency() {
  const sink = await startSmtpSink();
  const { acceptEmails } = await import("@/lib/emails/accept-emails");
  const worker = await startWorkerProcess({ MAIL_TRANSPORT: "smtp", SMTP_URL: sink.url, SMTP_RELAY_DISABLED: "1" });
  const sends = Number(process.env.BENCH_LATENCY_SENDS ?? 30);
  const samples: number[] = [];
  // A first send warms the worker's connections; then sends at random moments, one at a time.
  for (let i = -1; i < sends; i++) {
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    const [id] = await acceptEmails({ accountId: account.id, emails: [one(900_000 + i)], source: { kind: "api" } });
    let row: { createdAt: Date; attemptStartedAt: Date | null } | undefined;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 5))) {
      const rows = await getDb().$queryRaw<{ createdAt: Date; attemptStartedAt: Date | null }[]>`
        SELECT e."createdAt", r."attemptStartedAt" FROM "Email" e JOIN "EmailRecipient" r ON r."emailId" = e.id WHERE e.id = ${id}`;
      row = rows[0];
      if (row?.attemptStartedAt) break;
    }
    if (!row?.attemptStartedAt) throw new Error(`email ${id} was not picked up within 30 s`);
    if (i >= 0) samples.push(row.attemptStartedAt.getTime() - row.createdAt.getTime());
  }
  await worker.stop();
  await sink.close();
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)];
  console.log(`\nAccepted to handed to the transport (${sends} single sends at idle, the worker in its own process)`);
  console.log(`p50 ${pct(50)} ms   p99 ${pct(99)} ms   max ${samples[samples.length - 1]} ms`);
  summary.push({
    measure: "accepted -> handed to the transport (idle)",
    value: `p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
    baseline: "none",
    target: "<= 100 ms",
    met: pct(99) <= 100,
  });
}

// Relay: smtp-source through the relay's real pipeline, beside smtp-source into smtp-sink.
async function benchRelaySection() {
  const messages = Number(process.env.BENCH_RELAY_MESSAGES ?? 2000);
  const result = await benchRelay({
    accountId: account.id,
    apiKey: key,
    from: "hello@bench.example",
    messages,
    sessions: 10,
    length: 2048,
  });
  if (result.skipped !== undefined) {
    console.log(`\nSMTP relay: skipped, ${result.skipped}`);
    return;
  }
  console.log(
    `\nSMTP relay (smtp-source -s ${result.sessions} -m ${result.messages} -l ${result.length}, a new connection and AUTH PLAIN login per message)`,
  );
  console.log(
    `${"Mailwright relay".padEnd(28)} ${result.relayRate.toFixed(0).padStart(8)} /s   (API key, verified From, credits, Email rows and jobs)`,
  );
  console.log(
    `${"smtp-sink (baseline)".padEnd(28)} ${result.sinkRate.toFixed(0).padStart(8)} /s   (same AUTH proxy; accepts and discards)`,
  );
  console.log(`${"smtp-sink, no proxy".padEnd(28)} ${result.sinkDirectRate.toFixed(0).padStart(8)} /s`);
  console.log(
    `${"Mailwright relay, -d".padEnd(28)} ${result.relayReuseRate.toFixed(0).padStart(8)} /s   (one connection per session: no 100 ms greeting pause per message)`,
  );
  console.log(
    `${"".padEnd(28)} ${result.messages} messages in ${result.acceptStatements} accept statements (group commit; largest group ${result.largestGroup})`,
  );
  const per = result.perMessage;
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(
    `${"".padEnd(28)} per message: ${per.statements.toFixed(2)} statements; CPU: relay ${us(per.relayCpu)}, PostgreSQL backends ${us(per.postgresCpu)}, AUTH proxy ${us(per.proxyCpu)}`,
  );
  console.log(
    `${"".padEnd(28)} an accept waits ${per.acceptWait.toFixed(2)} ms for its statement, which waits ${per.gather.toFixed(2)} ms for the other sessions' messages and takes ${per.statement.toFixed(2)} ms with its commit; ${per.walSyncs.toFixed(2)} WAL flushes per message (server-wide)`,
  );
  console.log(
    `${"smtp-sink, -d (baseline)".padEnd(28)} ${result.sinkReuseRate.toFixed(0).padStart(8)} /s   (same AUTH proxy, connections reused)`,
  );
  console.log(`${"".padEnd(28)} CPU per message: smtp-sink ${us(per.sinkCpu)}, AUTH proxy ${us(per.sinkProxyCpu)}`);
  console.log(
    `${"smtp-server alone, -d".padEnd(28)} ${result.floorReuseRate.toFixed(0).padStart(8)} /s   (the relay's SMTP library logging in anyone and discarding: ${(result.floorReuseRate / result.sinkReuseRate).toFixed(2)}x of the baseline, ${us(result.floorCpu)} of CPU per message)`,
  );
  const reuseRatio = result.relayReuseRate / result.sinkReuseRate;
  console.log(
    `ratio ${(result.relayRate / result.sinkRate).toFixed(2)}x of the baseline with a connection per message, ${reuseRatio.toFixed(2)}x with reused connections (goal >= 0.4); ${(result.relayRate / result.sinkDirectRate).toFixed(2)}x of smtp-sink without the proxy`,
  );
  summary.push({
    measure: "relay, reused connections (smtp-source -d)",
    value: `${result.relayReuseRate.toFixed(0)} /s`,
    baseline: `smtp-sink -d via proxy ${result.sinkReuseRate.toFixed(0)} /s`,
    ratio: reuseRatio,
    target: ">= 0.4x",
    met: reuseRatio >= 0.4,
  });
}

// Inbound: smtp-source delivering to a receiving domain at the inbound server, beside smtp-sink.
async function benchInboundSection() {
  const result = await benchInbound({
    accountId: account.id,
    domainId: domain.id,
    domain: "bench.example",
    // Several seconds of steady load: smtp-server pauses 100 ms before each session's greeting,
    // which a run of under a second (2,000 messages) paid as a fifth of its time.
    messages: Number(process.env.BENCH_INBOUND_MESSAGES ?? 20_000),
    sessions: 10,
    length: 10_240,
  });
  if (result.skipped !== undefined) {
    console.log(`\nInbound SMTP: skipped, ${result.skipped}`);
    return;
  }
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  const ratio = result.inboundRate / result.sinkRate;
  console.log(`\nInbound SMTP (smtp-source -d -s ${result.sessions} -m ${result.messages} -l ${result.length}, to a receiving domain)`);
  console.log(
    `${"Mailwright inbound".padEnd(28)} ${result.inboundRate.toFixed(0).padStart(8)} /s   (recipient check, rate limit, MIME bounds, raw source and job committed before the 250)`,
  );
  console.log(
    `${"  then parsed and stored".padEnd(28)} ${result.processRate.toFixed(0).padStart(8)} /s   (the receiving.process job: parse, SPF/DKIM/DMARC, ReceivedEmail rows)`,
  );
  console.log(`${"smtp-sink -d (baseline)".padEnd(28)} ${result.sinkRate.toFixed(0).padStart(8)} /s   (accepts and discards)`);
  console.log(
    `${"smtp-server alone".padEnd(28)} ${result.floorRate.toFixed(0).padStart(8)} /s   (the SMTP library reading and discarding: ${(result.floorRate / result.sinkRate).toFixed(2)}x, the floor)`,
  );
  console.log(
    `${"".padEnd(28)} CPU per message: inbound ${us(result.inboundCpu)}, PostgreSQL backends ${us(result.postgresCpu)}, smtp-sink ${us(result.sinkCpu)}`,
  );
  console.log(`ratio ${ratio.toFixed(2)}x of the baseline (goal >= 0.3)`);
  summary.push({
    measure: "inbound, 10 KB messages (smtp-source -d)",
    value: `${result.inboundRate.toFixed(0)} /s`,
    baseline: `smtp-sink -d ${result.sinkRate.toFixed(0)} /s`,
    ratio,
    target: ">= 0.3x",
    met: ratio >= 0.3,
  });
  summary.push({
    measure: "inbound, parsed and stored after the 250",
    value: `${result.processRate.toFixed(0)} /s`,
    baseline: "none",
    target: "",
  });
}

// The request logs of the bench account's POST /emails once the web process's buffer flushed
// them (it writes every 250 ms): waits until `expected` are there or the count stops growing.
async function waitForRequestLogs(expected: number) {
  let last = -1;
  for (;;) {
    const count = await getDb().requestLog.count({ where: { accountId: account.id, method: "POST", path: "/emails" } });
    if (count >= expected || count === last) return count;
    last = count;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// The baseline: raw pooled nodemailer (TCP_NODELAY, the bench domain's own DKIM key, as the
// pipeline signs, and the same pool size) sending `deliveries` messages into the sink at `sinkPort`.
async function rawNodemailerRate(sinkPort: number, options: { parsedKey: boolean } = { parsedKey: true }) {
  const { signingKeyColumns, signingKeyFromRow } = await import("@/lib/domains/get-signing-key");
  const { noDelaySocket } = await import("@/lib/transports/no-delay-socket");
  const dkim = signingKeyFromRow(await getDb().domain.findUniqueOrThrow({ where: { id: domain.id }, select: signingKeyColumns }));
  const raw = nodemailer.createTransport({
    host: "127.0.0.1",
    port: sinkPort,
    secure: false,
    pool: true,
    maxConnections: poolSize,
    ignoreTLS: true,
    getSocket: noDelaySocket,
    // nodemailer hands the key to crypto's Sign.sign, which takes a KeyObject as well as PEM.
    dkim: {
      domainName: dkim.domain,
      keySelector: dkim.selector,
      privateKey: options.parsedKey ? (dkim.privateKey as never) : dkim.privateKeyPem,
    },
  });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: deliveries }, (_, i) =>
      raw.sendMail({
        from: "Bench <hello@bench.example>",
        to: `user${i}@sink.example`,
        subject: "Hello there",
        html: '<p>Hi there</p><a href="https://example.com/x">link</a>',
        text: "Hi there\n\nlink [https://example.com/x]",
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  raw.close();
  return deliveries / seconds;
}
