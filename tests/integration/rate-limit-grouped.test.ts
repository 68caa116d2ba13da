import { afterAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { consumeRateLimit } from "@/lib/api/rate-limit";
import { resetEnvCache } from "@/lib/config/env";
import { randomBase62 } from "@/lib/db/ids";
import { getDb } from "@/lib/db/client";

// Requests of one key that arrive while its count is in flight are counted together
// (one consume of n points). The outcome must be what n requests counted one after another
// would get: exactly the steady limit, then the burst allowance, in arrival order, on the
// shared PostgreSQL store as in memory.

const store = process.env.RATE_LIMIT_STORE;
afterAll(() => {
  process.env.RATE_LIMIT_STORE = store;
  resetEnvCache();
});

type Outcome = { status: 200 | 429; remaining: number; retryAfter?: string };

async function fire(key: string, limit: { perSecond: number; burst: number }, n: number): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: n }, () =>
      consumeRateLimit(key, limit).then(
        (r): Outcome => ({ status: 200, remaining: Number(r.headers["RateLimit-Remaining"]) }),
        (e: unknown): Outcome => {
          if (!(e instanceof ApiError) || e.status !== 429) throw e;
          return { status: 429, remaining: Number(e.headers?.["RateLimit-Remaining"]), retryAfter: e.headers?.["Retry-After"] };
        },
      ),
    ),
  );
}

describe.each(["postgres", "memory"])("rate limits counted in groups (%s store)", (kind) => {
  it("lets exactly the steady limit plus the burst through, in arrival order, and refuses the rest", async () => {
    process.env.RATE_LIMIT_STORE = kind;
    resetEnvCache();
    // A limit of its own per run: the limiter objects are per limit, and the rows per key.
    const perSecond = 40 + Math.floor(Math.random() * 200);
    const limit = { perSecond, burst: perSecond + 7 };
    const key = `key:test_${randomBase62(10)}`;
    // Far more requests than fit in a second's window, all at once: they queue behind the first count.
    const outcomes = await fire(key, limit, perSecond + 30);
    const allowed = outcomes.filter((o) => o.status === 200);
    expect(allowed).toHaveLength(perSecond + 7);
    // The first in arrival order are the allowed ones, counting down the steady window.
    expect(outcomes.slice(0, perSecond + 7).every((o) => o.status === 200)).toBe(true);
    expect(outcomes.slice(0, perSecond).map((o) => o.remaining)).toEqual(Array.from({ length: perSecond }, (_, i) => perSecond - 1 - i));
    expect(outcomes.slice(perSecond).every((o) => o.remaining === 0)).toBe(true);
    for (const o of outcomes.slice(perSecond + 7)) {
      expect(o.status).toBe(429);
      expect(Number(o.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // Another key of the same limit has its own count.
    const other = await fire(`key:test_${randomBase62(10)}`, limit, 3);
    expect(other.map((o) => o.remaining)).toEqual([perSecond - 1, perSecond - 2, perSecond - 3]);
    if (kind === "postgres") {
      // Counted in the shared table: every request once, refused ones included.
      const rows = await getDb().rateLimit.findMany({ where: { key: { endsWith: key } } });
      const points = Object.fromEntries(rows.map((r) => [r.key.split(":")[0], r.points]));
      expect(points).toEqual({ rl: perSecond + 30, rlb: 30 });
    }
  });
  it("with gather (the SMTP relay's), counts the expected requests of the key in one round trip, and waits no longer than maxMs", async () => {
    process.env.RATE_LIMIT_STORE = kind;
    resetEnvCache();
    const perSecond = 40 + Math.floor(Math.random() * 200);
    const limit = { perSecond, burst: perSecond };
    const key = `smtp:test_${randomBase62(10)}`;
    await consumeRateLimit(`${key}:warm`, limit); // opens the store's connection pool
    const pool = (globalThis as { __mailwrightLimitPool?: { query: (...args: unknown[]) => Promise<unknown> } }).__mailwrightLimitPool;
    const query = pool?.query;
    let counts = 0;
    if (pool && query) {
      pool.query = (...args: unknown[]) => {
        counts += 1;
        return query.apply(pool, args);
      };
    }
    try {
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const pending: Promise<{ headers: Record<string, string> }>[] = [];
      // maxMs outlasts the test: the count can only go because the third came in line.
      for (let i = 0; i < 3; i++) {
        pending.push(consumeRateLimit(key, limit, { gather: { expected: 3, maxMs: 3_600_000 } }));
        await sleep(5);
      }
      const results = await Promise.all(pending);
      expect(results.map((r) => Number(r.headers["RateLimit-Remaining"]))).toEqual([perSecond - 1, perSecond - 2, perSecond - 3]);
      if (kind === "postgres") expect(counts).toBe(1);
      // Fewer than expected: the count goes after maxMs.
      const alone = performance.now();
      await consumeRateLimit(`${key}:alone`, limit, { gather: { expected: 5, maxMs: 30 } });
      expect(performance.now() - alone).toBeGreaterThanOrEqual(29);
    } finally {
      if (pool && query) pool.query = query;
    }
  });
});
