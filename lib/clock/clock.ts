import { getDb } from "@/lib/db/client";
import { getEnv, isProduction, type Env } from "@/lib/config/env";
import { databaseHostForMessage, isLocalDatabaseUrl } from "@/lib/db/is-local-database-url";
import { logger } from "@/lib/log/logger";

// The one source of time. Real time plus an offset that only a test clock
// (ENABLE_TEST_CLOCK=1, never in production, and only against a database on this machine
// unless APP_ENV=test) can move. The offset lives in SystemState so the
// web and worker processes agree; each process caches it and refreshes with syncClock().

/** The SystemState row that holds the test clock's offset. */
export const CLOCK_KEY = "clock";

export type SetClockInput = { advanceMinutes: number } | { now: string | Date };

interface ClockState {
  offsetMs: number;
  syncedAt: number;
  listeners: Set<() => void>;
}

// On globalThis: Next's instrumentation hook and every route bundle share one clock.
const g = globalThis as unknown as { __mailwrightClock?: ClockState };

function state(): ClockState {
  g.__mailwrightClock ??= { offsetMs: 0, syncedAt: 0, listeners: new Set() };
  return g.__mailwrightClock;
}

// Settings already found safe for a test clock (each resetEnvCache() makes a new object).
const checkedEnvs = new WeakSet<Env>();

/**
 * With ENABLE_TEST_CLOCK=1, refuses (throws) unless DATABASE_URL is on this machine or
 * APP_ENV=test: the offset lives in the database and moves time for every process using it,
 * so a flag left on against a shared database would move a real deploy's clock.
 */
function assertTestClockAllowed(env: Env) {
  if (checkedEnvs.has(env)) return;
  if (env.APP_ENV !== "test" && !isLocalDatabaseUrl(env.DATABASE_URL)) {
    throw new Error(
      `ENABLE_TEST_CLOCK=1 is refused: DATABASE_URL points at ${databaseHostForMessage(env.DATABASE_URL!)}, not this machine. ` +
        "Unset ENABLE_TEST_CLOCK, or set APP_ENV=test if that database is a test database.",
    );
  }
  checkedEnvs.add(env);
}

/**
 * Whether the clock may be moved: the flag is on and this is not a production deploy. Throws
 * when the flag is on against a database on another host (see assertTestClockAllowed), so the
 * worker refuses to start and every request fails rather than run on a movable clock.
 */
export function testClockEnabled(): boolean {
  const env = getEnv();
  if (!env.ENABLE_TEST_CLOCK || isProduction()) return false;
  assertTestClockAllowed(env);
  return true;
}

export function now(): Date {
  return new Date(Date.now() + (testClockEnabled() ? state().offsetMs : 0));
}

/**
 * Back to real time in this process, without touching the database: for a process that goes on
 * with the modules it loaded against a database whose clock starts at real time again (the
 * embedded integration tier runs several test files in one process).
 */
export function forgetClockOffset(): void {
  applyOffset(0);
}

/** How far the clock is ahead of real time (0 without a test clock). */
export function clockOffsetMs(): number {
  return testClockEnabled() ? state().offsetMs : 0;
}

function parseOffset(value: unknown): number {
  const offset = Number((value as { offsetMs?: unknown } | null)?.offsetMs ?? 0);
  return Number.isFinite(offset) ? offset : 0;
}

function applyOffset(offsetMs: number) {
  const s = state();
  const changed = s.offsetMs !== offsetMs;
  s.offsetMs = offsetMs;
  s.syncedAt = Date.now();
  if (!changed) return;
  for (const listener of s.listeners) {
    try {
      listener();
    } catch (error) {
      logger().warn({ err: error }, "clock listener failed");
    }
  }
}

/**
 * Reads the shared offset from the database. A no-op without the test clock. `maxAgeMs` skips
 * the read when this process synced that recently (for callers on a hot path).
 */
export async function syncClock(options: { maxAgeMs?: number } = {}): Promise<void> {
  if (!testClockEnabled()) return;
  if (options.maxAgeMs !== undefined && Date.now() - state().syncedAt < options.maxAgeMs) return;
  const row = await getDb().systemState.findUnique({ where: { key: CLOCK_KEY } });
  applyOffset(parseOffset(row?.value));
}

/** Offset that `input` asks for, given the current one. Pure, for the route and tests. */
export function targetOffsetMs(input: SetClockInput, currentOffsetMs: number, realNowMs = Date.now()): number {
  if ("advanceMinutes" in input) return currentOffsetMs + Math.round(input.advanceMinutes * 60_000);
  const target = new Date(input.now).getTime();
  if (!Number.isFinite(target)) throw new Error(`not a valid time: ${String(input.now)}`);
  return target - realNowMs;
}

/** Moves the clock for every process sharing the database; returns the new now(). */
export async function setClock(input: SetClockInput): Promise<Date> {
  const env = getEnv();
  if (isProduction()) throw new Error("the test clock is refused in production");
  if (!env.ENABLE_TEST_CLOCK) throw new Error("the test clock is off: set ENABLE_TEST_CLOCK=1");
  assertTestClockAllowed(env);
  let offsetMs: number;
  if ("advanceMinutes" in input) {
    // Added in the database so two concurrent advances both count.
    const delta = targetOffsetMs(input, 0);
    const rows = await getDb().$queryRaw<{ value: unknown }[]>`
      INSERT INTO "SystemState" ("key", "value", "updatedAt")
      VALUES (${CLOCK_KEY}, jsonb_build_object('offsetMs', ${delta}::bigint), ${new Date()})
      ON CONFLICT ("key") DO UPDATE SET
        "value" = jsonb_build_object('offsetMs',
          COALESCE(("SystemState"."value"->>'offsetMs')::bigint, 0) + ${delta}::bigint),
        "updatedAt" = ${new Date()}
      RETURNING "value"`;
    offsetMs = parseOffset(rows[0]?.value);
  } else {
    offsetMs = targetOffsetMs(input, 0);
    await getDb().systemState.upsert({
      where: { key: CLOCK_KEY },
      create: { key: CLOCK_KEY, value: { offsetMs } },
      update: { value: { offsetMs } },
    });
  }
  applyOffset(offsetMs);
  logger().info({ offsetMs, now: now().toISOString() }, "test clock moved");
  return now();
}

/** Called whenever this process sees the clock move (the poller looks for due work then). */
export function onClockChange(listener: () => void): () => void {
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}
