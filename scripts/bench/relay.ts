import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ensurePostfixTools, freePort, SMTP_SINK, SMTP_SOURCE, waitForPort } from "./postfix";

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

/** Messages per second of one smtp-source run; throws if any message was refused. */
function smtpSource(
  port: number,
  options: { sessions: number; messages: number; length: number; from: string; to: string; reuse?: boolean },
) {
  const args = [
    ...(options.reuse ? ["-d"] : []),
    "-s",
    String(options.sessions),
    "-m",
    String(options.messages),
    "-l",
    String(options.length),
    "-N",
    "-S",
    "Bench",
    "-f",
    options.from,
    "-t",
    options.to,
    `127.0.0.1:${port}`,
  ];
  const started = performance.now();
  return new Promise<number>((resolve, reject) => {
    const child = spawn(SMTP_SOURCE, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code) =>
      code === 0
        ? resolve(options.messages / ((performance.now() - started) / 1000))
        : reject(new Error(`smtp-source ${args.join(" ")}: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
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
      sinkRate: number;
      sinkReuseRate: number;
      sinkDirectRate: number;
    };

/**
 * Relay accept rate (issue #9): Postfix's smtp-source into the relay running the real pipeline
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
  const { startSmtpRelay } = await import("@/lib/smtp/relay-server");
  const children: ChildProcess[] = [];
  const relay = await startSmtpRelay({ port: 0, host: "127.0.0.1" });
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

    const run = (port: number, messages = options.messages, reuse = false) =>
      smtpSource(port, { ...options, messages, reuse, to: "user@sink.example" });
    // Warm-up: JIT, the key cache, pooled database connections.
    await run(toRelay.port, 200);
    await run(toSink.port, 200);
    const before = await getDb().email.count({ where: { accountId: options.accountId } });
    const sinkDirectRate = await run(sinkPort);
    const sinkRate = await run(toSink.port);
    const relayRate = await run(toRelay.port);
    // smtp-server pauses 100 ms before each greeting (early-talker check): with one connection
    // per message that caps a session at 10 messages/s. -d reuses the connection, which leaves
    // the pipeline's own cost.
    const { groupCommitStats } = await import("@/lib/emails/group-commit-accepted-emails");
    const groupsBefore = groupCommitStats();
    const relayReuseRate = await run(toRelay.port, options.messages, true);
    const groupsAfter = groupCommitStats();
    // Round trips, which the machine's load does not change: accept statements per message.
    const acceptStatements = groupsAfter.statements - groupsBefore.statements;
    const largestGroup = groupsAfter.largest;
    const sinkReuseRate = await run(toSink.port, options.messages, true);
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
      sinkRate,
      sinkReuseRate,
      sinkDirectRate,
    };
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await relay.close();
  }
}
