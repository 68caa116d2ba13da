import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import pg from "pg";
import { Redis } from "ioredis";
import { getEnv, rateLimitStore } from "@/lib/config/env";
import { logger } from "@/lib/log/logger";
import { namesStatements } from "@/lib/db/hot-query";
import type { Counter } from "./consume-grouped";

// Where the counts live, through rate-limiter-flexible: memory with the embedded database (one
// web process); PostgreSQL (table "RateLimit", from a migration) when replicas must share one
// count; Redis when REDIS_URL is set. A store outage falls back to a per-process memory count
// (insuranceLimiter) rather than failing requests.

const TABLE = "RateLimit";
const g = globalThis as unknown as { __mailwrightLimitPool?: pg.Pool; __mailwrightLimitRedis?: Redis };

function storeOptions() {
  const store = rateLimitStore();
  const env = getEnv();
  if (store === "postgres") {
    if (!env.DATABASE_URL) throw new Error("RATE_LIMIT_STORE=postgres needs DATABASE_URL");
    if (!g.__mailwrightLimitPool) {
      const created = new pg.Pool({ connectionString: env.DATABASE_URL, max: 3, connectionTimeoutMillis: env.DB_CONNECT_TIMEOUT_MS });
      // An idle connection the server ends (a restart, pg_terminate_backend) emits "error": without
      // a listener that is an uncaught exception that takes the whole web process down.
      // pg hangs the whole client (its connection, parsed statements) on the error: log its words only.
      created.on("error", (err: Error & { code?: string }) =>
        logger().warn({ err: { message: err.message, code: err.code } }, "rate-limit store connection lost"),
      );
      g.__mailwrightLimitPool = created;
    }
    const pool = g.__mailwrightLimitPool;
    // The library names its prepared statements (one name per SQL text): kept, as the hot
    // path's own statements are (lib/db/hot-query.ts), so the upsert is planned once per
    // connection, except on the embedded server, where connections share one session and two
    // would collide on a name, and with DATABASE_PREPARED_STATEMENTS=0. A failure is logged (the limiter then counts in memory, per
    // process, until it recovers).
    const storeClient = {
      query: async (q: { name?: string; text: string; values?: unknown[] }) => {
        try {
          const named = q.name && (await namesStatements(pool));
          return await pool.query({ ...(named ? { name: q.name } : {}), text: q.text, values: q.values });
        } catch (err) {
          logger().warn({ err }, "rate-limit store query failed; counting in this process's memory");
          throw err;
        }
      },
    };
    return { store, storeClient, storeType: "pool" };
  }
  if (store === "redis") {
    if (!env.REDIS_URL) throw new Error("RATE_LIMIT_STORE=redis needs REDIS_URL");
    return { store, storeClient: redisClient(env.REDIS_URL), storeType: undefined };
  }
  return { store, storeClient: undefined, storeType: undefined };
}

// A command waits at most 500 ms (the first ones, while the client connects, included);
// while Redis is away the insurance limiter counts instead of requests hanging.
function redisClient(url: string): Redis {
  let client = g.__mailwrightLimitRedis;
  if (!client) {
    client = g.__mailwrightLimitRedis = new Redis(url, { commandTimeout: 500, maxRetriesPerRequest: 1 });
    client.on("error", (err) => logger().warn({ err }, "rate-limit Redis store error; counting in this process's memory"));
  }
  return client;
}

/**
 * Opens the Redis store's connection before a web process serves (at most `waitMs`): otherwise
 * its first requests could wait out the command timeout while the client connects and be
 * counted in this process's memory only. A Redis that does not answer in time does not stop
 * the boot; the insurance limiter counts until it does.
 */
export async function connectRateLimitStore(waitMs = 5_000): Promise<void> {
  const env = getEnv();
  if (rateLimitStore() !== "redis" || !env.REDIS_URL) return;
  const client = redisClient(env.REDIS_URL);
  if (client.status === "ready") return;
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<boolean>((resolve) => client.once("ready", () => resolve(true)));
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
  const connected = await Promise.race([ready, late]);
  clearTimeout(timer);
  if (!connected) logger().warn({ waitMs }, "rate-limit Redis store not ready; counting in this process's memory meanwhile");
}

/**
 * A Redis store that is still connecting (the first requests of a process) is waited for, up
 * to 2 s: counting those requests in the insurance memory limiter would let every new process
 * add its own allowance. Once connected, or with another store, this returns at once.
 */
export async function storeReady(): Promise<void> {
  const redis = g.__mailwrightLimitRedis;
  if (!redis || redis.status === "ready" || redis.status === "end") return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    redis.once("ready", done);
  });
}

/** One limiter of `points` per `duration` seconds, in the configured store. */
export function storeLimiter(keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const { store, storeClient, storeType } = storeOptions();
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (store === "memory") return memory;
  const options = { keyPrefix, points, duration, storeClient, storeType, insuranceLimiter: memory };
  if (store === "redis") return new RateLimiterRedis({ keyPrefix, points, duration, storeClient, insuranceLimiter: memory });
  // The table comes from a migration (prisma/migrations/20261123201000_signup_abuse).
  return new RateLimiterPostgres({ ...options, tableName: TABLE, tableCreated: true, clearExpiredByTimeout: true });
}

/** A store limiter as a Counter: a consume that reports its total whether within the limit or past it. */
export function counterOf(limiter: RateLimiterAbstract): Counter {
  return {
    points: limiter.points,
    async consume(key, points) {
      try {
        return await limiter.consume(key, points);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return rejection;
        throw rejection;
      }
    },
  };
}

/** Ends the store's connections (a PostgreSQL pool, a Redis client); the next limiter opens them again from the settings then. */
export async function closeRateLimitStore(): Promise<void> {
  const { __mailwrightLimitPool: pool, __mailwrightLimitRedis: redis } = g;
  g.__mailwrightLimitPool = undefined;
  g.__mailwrightLimitRedis = undefined;
  await Promise.all([pool?.end().catch(() => {}), redis?.quit().catch(() => redis.disconnect())]);
}
