import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

// `npm start` as a user runs it, for the launcher chaos specs (faults 3 and 4): its
// own data directory and ports, the production build the e2e web server already made.

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Every live descendant of a pid (from /proc, via ps). */
export function descendants(pid: number): number[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [child, ppid] of rows) {
      if (ppid !== parent) continue;
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export interface Launcher {
  proc: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

export async function startLauncher(env: Record<string, string>, port: number): Promise<Launcher> {
  // detached: its own process group, so a test can SIGKILL the whole tree as the OOM killer or
  // a power cut would (and clean up whatever is left).
  const proc = spawn("npm", ["start"], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  proc.stdout!.on("data", (c) => (output += c));
  proc.stderr!.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 240_000;
  while (!output.includes("[mailwright] ready")) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`npm start did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { proc, port, output: () => output, exited };
}

/** An account with a key and a verified domain on a running launcher's embedded database. */
export async function makeSender(dataDir: string, port: number) {
  const email = `chaos-${Date.now()}@example.test`;
  const created = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/cli.ts", "account:create", "--email", email, "--password", "correct horse battery"],
    {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      encoding: "utf8",
    },
  );
  const { apiKey } = JSON.parse(created.trim().split("\n").at(-1)!) as { apiKey: string };
  const domain = `chaos${Date.now()}.example`;
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/domains`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ domain }),
  });
  if (res.status !== 201) throw new Error(`domain create: ${res.status} ${await res.text()}`);
  // DNS verification has its own specs: mark it verified in the database directly.
  const { url } = JSON.parse(readFileSync(path.join(dataDir, "embedded.json"), "utf8")) as { url: string };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`UPDATE "Domain" SET "status" = 'verified', "verifiedAt" = now() WHERE "domain" = $1`, [domain]);
  await client.query(
    `UPDATE "Account" SET "rateLimitPerSecond" = 10000, "rateLimitBurst" = 10000 WHERE "id" IN (SELECT "accountId" FROM "Domain" WHERE "domain" = $1)`,
    [domain],
  );
  await client.end();
  return { key: apiKey, from: `Chaos <chaos@${domain}>` };
}

/** POST /api/v1/emails: the id when the 201 reached us (else null), and the status (0: none). */
export async function sendOne(port: number, key: string, body: unknown): Promise<{ id: string | null; status: number }> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status !== 201) return { id: null, status: res.status };
    return { id: ((await res.json()) as { id: string }).id, status: 201 };
  } catch {
    return { id: null, status: 0 };
  }
}

export async function emailStatus(port: number, key: string, id: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/emails/${id}`, { headers: { authorization: `Bearer ${key}` } });
  return ((await res.json()) as { status?: string; last_event?: string }).status ?? `http ${res.status}`;
}
