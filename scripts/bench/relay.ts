import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";

const SMTP_SOURCE = "/usr/sbin/smtp-source";
const SMTP_SINK = "/usr/sbin/smtp-sink";

/**
 * smtp-source and smtp-sink come with Debian's postfix package. Installed here when missing
 * (the bench runs as root, as .ci/run does for chromium), preseeded to "No configuration" so
 * no mail server is set up. Returns why the section must be skipped, or null.
 */
function ensurePostfixTools(): string | null {
  if (existsSync(SMTP_SOURCE) && existsSync(SMTP_SINK)) return null;
  console.log("\ninstalling postfix for smtp-source and smtp-sink (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("debconf-set-selections", {
    input: "postfix postfix/main_mailer_type select No configuration\n",
    stdio: ["pipe", "ignore", "ignore"],
  });
  const install = () => spawnSync("apt-get", ["install", "-y", "-qq", "postfix"], { env, stdio: "ignore" }).status === 0;
  if (!install()) {
    spawnSync("apt-get", ["update", "-qq"], { env, stdio: "ignore" });
    install();
  }
  // Only the tools are wanted: stop the daemon if the package's scripts managed to start it.
  spawnSync("postfix", ["stop"], { stdio: "ignore" });
  return existsSync(SMTP_SOURCE) && existsSync(SMTP_SINK) ? null : "apt-get install postfix failed (needs root and Debian's repositories)";
}

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

async function waitForPort(port: number) {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => resolve(true)).on("error", () => resolve(false));
      s.on("connect", () => s.destroy());
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}

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
      sinkRate: number;
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
    const relayReuseRate = await run(toRelay.port, options.messages, true);
    const stored = (await getDb().email.count({ where: { accountId: options.accountId } })) - before;
    if (stored !== 2 * options.messages) throw new Error(`the relay accepted ${2 * options.messages} messages but stored ${stored}`);
    return {
      messages: options.messages,
      sessions: options.sessions,
      length: options.length,
      relayRate,
      relayReuseRate,
      sinkRate,
      sinkDirectRate,
    };
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await relay.close();
  }
}
