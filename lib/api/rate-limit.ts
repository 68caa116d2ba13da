import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import pg from "pg";
import { Redis } from "ioredis";
import { getEnv, rateLimitStore } from "@/lib/config/env";
import { logger } from "@/lib/log/logger";
import { namesStatements } from "@/lib/db/hot-query";
import { ApiError } from "./errors";

// Every limit the service applies, through rate-limiter-flexible: the per-key API limit
// (a steady rate per second plus a burst allowance) and the fixed windows
// of sign-up and login. The store: memory with the embedded
// database (one web process); PostgreSQL (table "RateLimit", from a migration) when replicas
// must share one count; Redis when REDIS_URL is set. A store outage falls back to a
// per-process memory count (insuranceLimiter) rather than failing requests.

export interface LimitConfig {
  perSecond: number;
  burst: number;
}

export interface RateLimitResult {
  headers: Record<string, string>;
}

const BURST_WINDOW_SECONDS = 10;
const TABLE = "RateLimit";
type Limiter = RateLimiterAbstract;
const g = globalThis as unknown as {
  __mailwrightLimiters?: Map<string, Limiter>;
  __mailwrightLimitLines?: Map<string, Line>;
  __mailwrightLimitPool?: pg.Pool;
  __mailwrightLimitRedis?: Redis;
};
const limiters = (g.__mailwrightLimiters ??= new Map());

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

/** One limiter of `points` per `duration` seconds, in the configured store; cached by prefix. */
function windowLimiter(keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const { store, storeClient, storeType } = storeOptions();
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (store === "memory") return memory;
  const options = { keyPrefix, points, duration, storeClient, storeType, insuranceLimiter: memory };
  if (store === "redis") return new RateLimiterRedis({ keyPrefix, points, duration, storeClient, insuranceLimiter: memory });
  // The table comes from a migration (prisma/migrations/20261123201000_signup_abuse).
  return new RateLimiterPostgres({ ...options, tableName: TABLE, tableCreated: true, clearExpiredByTimeout: true });
}

/**
 * Drops the limiters made so far, with their in-memory counts: the next check makes new ones
 * from the settings as they are then. For test files that share one process, each of which
 * counts from zero and may pick another store.
 */
export function forgetRateLimiters() {
  limiters.clear();
}

function cached<T extends Limiter>(id: string, make: () => T): T {
  let limiter = limiters.get(id) as T | undefined;
  if (!limiter) {
    limiter = make();
    limiters.set(id, limiter);
  }
  return limiter;
}

/** The per-key API limit: `perSecond` a second, and past it what is left of the 10 s burst allowance. */
interface ApiLimiter {
  steady: RateLimiterAbstract;
  burst: RateLimiterAbstract;
}

function limiterFor({ perSecond, burst }: LimitConfig): ApiLimiter {
  const id = `${perSecond}:${burst}`;
  const steady = cached(`apis:${id}`, () => windowLimiter(`rl:${id}`, perSecond, 1));
  return { steady, burst: cached(`apib:${id}`, () => windowLimiter(`rlb:${id}`, Math.max(burst - perSecond, 0), BURST_WINDOW_SECONDS)) };
}

export function limitConfig(override?: { perSecond: number | null; burst: number | null }): LimitConfig {
  const env = getEnv();
  const perSecond = override?.perSecond ?? env.RATE_LIMIT_PER_SECOND;
  return { perSecond, burst: Math.max(override?.burst ?? env.RATE_LIMIT_BURST, perSecond) };
}

function headers(config: LimitConfig, remaining: number, msBeforeNext: number) {
  return {
    "RateLimit-Limit": String(config.perSecond),
    "RateLimit-Remaining": String(Math.max(remaining, 0)),
    "RateLimit-Reset": String(Math.max(Math.ceil(msBeforeNext / 1000), 1)),
  };
}

// Group counting: with a shared store every request was a round trip (an upsert of
// its key's row), as many as the sends themselves. Requests of one key that arrive while that
// key's count is in flight wait and are then counted together: ONE consume of n points, whose
// total says which of them fit, in arrival order, exactly as n consumes of one point one after
// another would have (each consume counts its points, allowed or not; past the steady limit,
// each goes on to the burst allowance). So the limit stays exact across processes, and a busy
// key costs one round trip per group. An HTTP request never waits on a timer; the SMTP relay
// passes `gather` (see relay-server.ts): a count that finds the line idle waits, at most
// `gather.maxMs`, until `gather.expected` requests of the key are in line (its other sessions'
// MAIL FROMs, which the group commit's answers send at about the same time).
interface Waiting {
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

interface Line {
  busy: boolean;
  queue: Waiting[];
  /** Wakes a count that waits for more requests (see Gather). */
  arrived?: () => void;
}

/** How long, and for how many of the key's requests, a count that finds the line idle waits. */
export interface Gather {
  expected: number;
  maxMs: number;
}

interface Outcome {
  allowed: boolean;
  remaining: number;
  msBeforeNext: number;
}

/** Requests of one key counted in one consume at most (the count's points stay small). */
const MAX_GROUP = 1000;
const lines = (g.__mailwrightLimitLines ??= new Map());

function consumeGrouped(limiter: ApiLimiter, lineKey: string, key: string, gather?: Gather): Promise<Outcome> {
  return new Promise<Outcome>((resolve, reject) => {
    let line = lines.get(lineKey);
    if (!line) lines.set(lineKey, (line = { busy: false, queue: [] }));
    line.queue.push({ resolve, reject });
    if (!line.busy) void drain(limiter, lineKey, key, line, gather);
    else line.arrived?.();
  });
}

/** Waits (the line busy meanwhile) until `expected` requests are in line, at most `maxMs`. */
function gathered(line: Line, { expected, maxMs }: Gather): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      line.arrived = undefined;
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    line.arrived = () => line.queue.length >= expected && done();
    line.arrived();
  });
}

async function drain(limiter: ApiLimiter, lineKey: string, key: string, line: Line, gather?: Gather) {
  line.busy = true;
  try {
    if (gather && gather.expected > line.queue.length) await gathered(line, gather);
    while (line.queue.length) {
      const group = line.queue.splice(0, MAX_GROUP);
      try {
        const outcomes = await consumeTogether(limiter, key, group.length);
        group.forEach((w, i) => w.resolve(outcomes[i]));
      } catch (error) {
        for (const w of group) w.reject(error);
      }
    }
  } finally {
    line.busy = false;
    if (!line.queue.length && lines.get(lineKey) === line) lines.delete(lineKey);
  }
}

/** A consume that reports its total whether within the limit or past it. */
async function consume(limiter: RateLimiterAbstract, key: string, points: number): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key, points);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection;
    throw rejection;
  }
}

/** n requests of one key counted at once: the outcome of each, in arrival order. */
async function consumeTogether(limiter: ApiLimiter, key: string, n: number): Promise<Outcome[]> {
  const steady = await consume(limiter.steady, key, n);
  const before = steady.consumedPoints - n;
  const outcomes: Outcome[] = [];
  // The i-th request is number before + i + 1 in the steady window.
  const withinSteady = Math.min(n, Math.max(limiter.steady.points - before, 0));
  for (let i = 0; i < withinSteady; i++) {
    outcomes.push({ allowed: true, remaining: limiter.steady.points - (before + i + 1), msBeforeNext: steady.msBeforeNext });
  }
  const over = n - withinSteady;
  if (!over) return outcomes;
  // Past the steady limit each request takes a point of the burst allowance, allowed or not.
  const burst = await consume(limiter.burst, key, over);
  const burstBefore = burst.consumedPoints - over;
  const msBeforeNext = Math.min(steady.msBeforeNext, burst.msBeforeNext);
  for (let i = 0; i < over; i++) {
    outcomes.push({ allowed: burstBefore + i + 1 <= limiter.burst.points, remaining: 0, msBeforeNext });
  }
  return outcomes;
}

/**
 * A Redis store that is still connecting (the first requests of a process) is waited for, up
 * to 2 s: counting those requests in the insurance memory limiter would let every new process
 * add its own allowance. Once connected, or with another store, this returns at once.
 */
async function storeReady(): Promise<void> {
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

/**
 * Consumes one request for `key`; throws a 429 ApiError (with Retry-After) past the limit.
 * `gather`: for a caller that does not need the answer at once (see Gather).
 */
export async function consumeRateLimit(key: string, config: LimitConfig, options: { gather?: Gather } = {}): Promise<RateLimitResult> {
  const limiter = limiterFor(config);
  await storeReady();
  const outcome = await consumeGrouped(limiter, `${config.perSecond}:${config.burst}:${key}`, key, options.gather);
  const h = headers(config, outcome.remaining, outcome.msBeforeNext);
  if (outcome.allowed) return { headers: h };
  throw new ApiError("rate_limited", "too many requests; slow down and retry after the Retry-After seconds", undefined, {
    ...h,
    "RateLimit-Remaining": "0",
    "Retry-After": h["RateLimit-Reset"],
  });
}

/** A fixed-window limit: at most `points` per `durationSeconds` for one key. */
export interface WindowLimit {
  name: string;
  points: number;
  durationSeconds: number;
}

function windowFor(limit: WindowLimit) {
  const id = `${limit.name}:${limit.points}:${limit.durationSeconds}`;
  return cached(`win:${id}`, () => windowLimiter(`lim:${id}`, limit.points, limit.durationSeconds));
}

/** Counts one attempt (or `points`) for `key`; past the limit throws a 429 rate_limited with Retry-After. */
export async function consumeWindowLimit(limit: WindowLimit, key: string, message: string, points = 1): Promise<void> {
  try {
    const limiter = windowFor(limit);
    await storeReady();
    await limiter.consume(key, points);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = String(Math.max(Math.ceil(rejection.msBeforeNext / 1000), 1));
    throw new ApiError("rate_limited", message, undefined, { "Retry-After": retryAfter, "RateLimit-Remaining": "0" });
  }
}

/** Forgets the attempts counted for `key` (a successful login clears its failures). */
export async function resetWindowLimit(limit: WindowLimit, key: string): Promise<void> {
  await windowFor(limit).delete(key);
}
