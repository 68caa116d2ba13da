import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { countStatements, startCpuProfile } from "./measure-process";
import { ensurePostfixTools, freePort, SMTP_SINK, smtpSource, waitForPort } from "./postfix";
import { measurePostgresCpu, processCpuMs } from "./postgres-cpu";
import { startSmtpServerFloor } from "./smtp-server-floor";

/** The AUTH proxy (./auth-proxy.ts) in its own process in front of `upstreamPort`. */
async function startAuthProxy(upstreamPort: number, apiKey: string) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "auth-proxy.ts"), String(upstreamPort)], {
    env: { ...process.env, BENCH_PROXY_USER: "mailwright", BENCH_PROXY_PASS: apiKey },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once("data", (line: Buffer) => resolve(Number(line.toString().trim())));
    child.once("exit", (code) => reject(new Error(`auth proxy exited with ${code}`)));
  });
  return { port, child };
}

/** WAL flushes of the whole server so far (pg_stat_wal; PostgreSQL 14+), 0 where unknown. */
async function walSyncs(): Promise<number> {
  const { getDb } = await import("@/lib/db/client");
  const rows = await getDb().$queryRaw<{ n: bigint }[]>`SELECT wal_sync AS n FROM pg_stat_wal`.catch(() => [{ n: 0n }]);
  return Number(rows[0]?.n ?? 0);
}

export type RelayBenchResult =
  | { skipped: string }
  | {
      skipped?: undefined;
      messages: number;
      sessions: number;
      length: number;
      relayRate: number;
      relayReuseRate: number;
      /** Accept statements the -d run made (a group commit stores several messages in one). */
      acceptStatements: number;
      largestGroup: number;
      /** Per message of the -d runs, in ms: where the time and the CPU go. */
      perMessage: {
        relayCpu: number;
        postgresCpu: number;
        proxyCpu: number;
        sinkProxyCpu: number;
        sinkCpu: number;
        /** Wall time an accept waited for its group's statement to start. */
        acceptWait: number;
        /** Wall time a statement waited for the accepts of the account's other sessions, per statement. */
        gather: number;
        /** Wall time of the accept statement (its commit included), per statement. */
        statement: number;
        /** WAL flushes (fdatasync) of the whole server per message (other databases' too). */
        walSyncs: number;
        /** Statements this process sent to PostgreSQL (accepts, rate-limit counts, key checks, wake-ups). */
        statements: number;
      };
      sinkRate: number;
      sinkReuseRate: number;
      sinkDirectRate: number;
      /** smtp-server alone (./smtp-server-floor.ts) through the same proxy, -d: the library's floor. */
      floorReuseRate: number;
      /** CPU of this process per message of the floor's -d run, in ms. */
      floorCpu: number;
    };

/**
 * Relay accept rate: Postfix's smtp-source into the relay running the real pipeline
 * (AUTH with an API key, verified From domain, credits, Email rows and jobs in PostgreSQL),
 * beside smtp-source into Postfix's smtp-sink, which accepts and discards.
 *
 * smtp-source cannot log in, so both runs go through the same loopback AUTH proxy (one login per
 * connection, then a plain byte pipe). We chose that over a relay setting that trusts loopback
 * clients: such a bypass would be a way to send without a key in production code, for the sake
 * of a benchmark, and it would skip the key lookup that real clients pay on every connection.
 * STARTTLS is not measured (smtp-source has no TLS); smtp-sink straight, without the proxy, is
 * printed too so the proxy's own cost is visible.
 */
export async function benchRelay(options: {
  accountId: string;
  apiKey: string;
  from: string;
  messages: number;
  sessions: number;
  length: number;
}): Promise<RelayBenchResult> {
  const missing = ensurePostfixTools();
  if (missing) return { skipped: missing };
  const { getDb } = await import("@/lib/db/client");
  const { startSmtpRelay } = await import("@/lib/relay/relay-server");
  const children: ChildProcess[] = [];
  const relay = await startSmtpRelay({ port: 0, host: "127.0.0.1" });
  const floor = await startSmtpServerFloor();
  try {
    const sinkPort = await freePort();
    // smtp-sink refuses to run as root unless told whom to become after binding.
    const asUser = process.getuid?.() === 0 ? ["-u", "nobody"] : [];
    children.push(spawn(SMTP_SINK, [...asUser, `127.0.0.1:${sinkPort}`, "256"], { stdio: "ignore" }));
    await waitForPort(sinkPort);
    const toRelay = await startAuthProxy(relay.port, options.apiKey);
    children.push(toRelay.child);
    const toSink = await startAuthProxy(sinkPort, options.apiKey);
    children.push(toSink.child);
    const toFloor = await startAuthProxy(floor.port, options.apiKey);
    children.push(toFloor.child);

    const run = (port: number, messages = options.messages, reuse = false) =>
      smtpSource(port, { ...options, messages, reuse, to: "user@sink.example" });
    // Warm-up: JIT, the key cache, pooled database connections.
    await run(toRelay.port, 200);
    await run(toSink.port, 200);
    await run(toFloor.port, 200, true);
    const before = await getDb().email.count({ where: { accountId: options.accountId } });
    const sinkDirectRate = await run(sinkPort);
    const sinkRate = await run(toSink.port);
    const relayRate = await run(toRelay.port);
    // smtp-server pauses 100 ms before each greeting (early-talker check): with one connection
    // per message that caps a session at 10 messages/s. -d reuses the connection, which leaves
    // the pipeline's own cost.
    const { groupCommitStats } = await import("@/lib/emails/group-commit-accepted-emails");
    const groupsBefore = groupCommitStats();
    // CPU of each part over the -d run (the relay runs in this process), per message below.
    const cpu = process.cpuUsage();
    const proxyCpu = processCpuMs(toRelay.child.pid!) ?? 0;
    const postgresCpu = await measurePostgresCpu();
    const walBefore = await walSyncs();
    const statements = await countStatements();
    const profile = await startCpuProfile(process.env.BENCH_RELAY_CPU_PROFILE);
    const relayReuseRate = await run(toRelay.port, options.messages, true);
    await profile.stop();
    const statementCount = statements.stop();
    const relayCpuUsage = process.cpuUsage(cpu);
    const proxyCpuUsed = (processCpuMs(toRelay.child.pid!) ?? 0) - proxyCpu;
    const walSynced = (await walSyncs()) - walBefore;
    const postgresCpuUsed = await postgresCpu.stop();
    const groupsAfter = groupCommitStats();
    // Round trips, which the machine's load does not change: accept statements per message.
    const acceptStatements = groupsAfter.statements - groupsBefore.statements;
    const largestGroup = groupsAfter.largest;
    const sinkProxyBefore = processCpuMs(toSink.child.pid!) ?? 0;
    const sinkBefore = processCpuMs(children[0].pid!) ?? 0;
    const sinkReuseRate = await run(toSink.port, options.messages, true);
    const sinkProxyCpuUsed = (processCpuMs(toSink.child.pid!) ?? 0) - sinkProxyBefore;
    const sinkCpuUsed = (processCpuMs(children[0].pid!) ?? 0) - sinkBefore;
    const floorCpuBefore = process.cpuUsage();
    const floorReuseRate = await run(toFloor.port, options.messages, true);
    const floorCpuUsage = process.cpuUsage(floorCpuBefore);
    const n = options.messages;
    const stored = (await getDb().email.count({ where: { accountId: options.accountId } })) - before;
    if (stored !== 2 * options.messages) throw new Error(`the relay accepted ${2 * options.messages} messages but stored ${stored}`);
    return {
      messages: options.messages,
      sessions: options.sessions,
      length: options.length,
      relayRate,
      relayReuseRate,
      acceptStatements,
      largestGroup,
      perMessage: {
        relayCpu: (relayCpuUsage.user + relayCpuUsage.system) / 1000 / n,
        postgresCpu: postgresCpuUsed / n,
        proxyCpu: proxyCpuUsed / n,
        sinkProxyCpu: sinkProxyCpuUsed / n,
        sinkCpu: sinkCpuUsed / n,
        acceptWait: (groupsAfter.waitMs - groupsBefore.waitMs) / Math.max(1, groupsAfter.accepts - groupsBefore.accepts),
        gather: (groupsAfter.gatherMs - groupsBefore.gatherMs) / Math.max(1, acceptStatements),
        statement: (groupsAfter.statementMs - groupsBefore.statementMs) / Math.max(1, acceptStatements),
        walSyncs: walSynced / n,
        statements: statementCount / n,
      },
      sinkRate,
      sinkReuseRate,
      sinkDirectRate,
      floorReuseRate,
      floorCpu: (floorCpuUsage.user + floorCpuUsage.system) / 1000 / n,
    };
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await relay.close();
    await floor.close();
  }
}
