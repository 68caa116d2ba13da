import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net, { type AddressInfo } from "node:net";

export const SMTP_SOURCE = "/usr/sbin/smtp-source";
export const SMTP_SINK = "/usr/sbin/smtp-sink";

/**
 * smtp-source and smtp-sink come with Debian's postfix package. Installed here when missing
 * (the bench runs as root, as .ci/run does for chromium), preseeded to "No configuration" so
 * no mail server is set up. Returns why a section needing them must be skipped, or null.
 */
export function ensurePostfixTools(): string | null {
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

export async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

export async function waitForPort(port: number) {
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

/**
 * Postfix's smtp-sink on a free loopback port: accepts every message and discards it, in C, so
 * it is never what limits a run. It reports nothing the caller can count while it runs (its
 * counters are buffered when stdout is a pipe): callers count the 250s their clients received.
 */
export async function startSmtpSink() {
  const missing = ensurePostfixTools();
  if (missing) throw new Error(missing);
  const port = await freePort();
  // smtp-sink refuses to run as root unless told whom to become after binding.
  const asUser = process.getuid?.() === 0 ? ["-u", "nobody"] : [];
  const child = spawn(SMTP_SINK, [...asUser, `127.0.0.1:${port}`, "256"], { stdio: "ignore" });
  await waitForPort(port);
  return {
    port,
    pid: child.pid!,
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Messages per second of one smtp-source run; throws if any message was refused. */
export function smtpSource(
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
