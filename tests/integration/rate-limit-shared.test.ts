import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";

// With DATABASE_URL set by the operator (no embedded flag), limits are counted in
// PostgreSQL, so two web processes together allow a client no more than the limit.

const REDIS = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/0";
const CHILD = path.join(import.meta.dirname, "../helpers/signup-server-child.ts");
const children: ChildProcess[] = [];

function startServer(env: Record<string, string>): Promise<number> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, LOG_LEVEL: "silent", DB_POOL_SIZE: "2" };
  // The test process keeps its limits in memory; the servers take the deploy default.
  delete childEnv.RATE_LIMIT_STORE;
  delete childEnv.MAILWRIGHT_EMBEDDED_DB;
  delete childEnv.TRUST_PROXY_HOPS;
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], { env: childEnv, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^\{.*\}$/m.exec(out);
      if (line) resolve((JSON.parse(line[0]) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

afterAll(() => {
  for (const child of children) child.kill("SIGTERM");
});

async function signUpAcross(ports: number[], limit: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < limit * 2; i++) {
    const res = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/signup`, {
      method: "POST",
      // Every request claims another address; with TRUST_PROXY_HOPS=0 the socket decides.
      headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}`, "x-mailwright-client-ip": `192.0.2.${i}` },
      body: JSON.stringify({
        name: "Two",
        email: `u-${randomBase62(8).toLowerCase()}@d${randomBase62(8).toLowerCase()}.example`,
        password: "correct horse battery",
      }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe("rate limits shared across web processes", () => {
  it("two web processes on one database allow one client the limit once, not twice", async () => {
    // A limit of its own, so rows from an earlier run against the same database do not count.
    const limit = 3 + Math.floor(Math.random() * 5);
    const ports = await Promise.all([0, 1].map(() => startServer({ SIGNUP_LIMIT_PER_HOUR: String(limit) })));
    const statuses = await signUpAcross(ports, limit);
    expect(statuses.filter((s) => s === 201)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(limit);
    // Counted in the shared table, under the socket's address.
    const rows = await getDb().rateLimit.findMany({ where: { key: { startsWith: `lim:signup-address:${limit}:3600:` } } });
    expect(rows.map((r) => r.key)).toContain(`lim:signup-address:${limit}:3600:127.0.0.1`);
    // Two servers started with tsx and every sign-up's password hash: minutes on a loaded 2-core machine.
  }, 180_000);

  it("with REDIS_URL the two processes share the count through Redis (the local server)", async () => {
    // A limit of its own and keys that expire within the hour, so runs do not meet.
    const limit = 8 + Math.floor(Math.random() * 12);
    const key = `lim:signup-address:${limit}:3600:127.0.0.1`;
    const redis = new Redis(REDIS);
    // An earlier run within the hour may have drawn the same limit: its count must not carry over.
    await redis.del(key);
    const ports = await Promise.all([0, 1].map(() => startServer({ SIGNUP_LIMIT_PER_HOUR: String(limit), REDIS_URL: REDIS })));
    const statuses = await signUpAcross(ports, limit);
    expect(statuses.filter((s) => s === 201)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(limit);
    // Counted in Redis, not in the PostgreSQL table.
    try {
      expect(Number(await redis.get(key))).toBeGreaterThanOrEqual(limit);
    } finally {
      redis.disconnect();
    }
    const rows = await getDb().rateLimit.findMany({ where: { key: { startsWith: `lim:signup-address:${limit}:3600:` } } });
    expect(rows).toHaveLength(0);
  }, 180_000);
});
