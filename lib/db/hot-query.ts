import type pg from "pg";
import { getEnv } from "@/lib/config/env";
import { getPool } from "./client";

// The hot path's statements (the job claim, the engine's batch) as named prepared statements
// on the pool Prisma's adapter uses: PostgreSQL parses and plans each once per connection
// instead of on every execution (Prisma sends every statement unnamed). The embedded PGlite
// serves every connection from one session, where two connections preparing the same name
// would collide: there they stay unnamed. DATABASE_PREPARED_STATEMENTS=0 leaves them unnamed
// everywhere (a pooler in transaction mode that does not pass named statements through).

// Columns are `timestamp(3)` (no zone) holding UTC, as Prisma writes them: read them as UTC
// whatever the process's time zone (pg's default parser reads them as local time).
const TIMESTAMP = 1114;
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP) return (value: string) => new Date(value.replace(" ", "T") + "Z");
    return (defaultTypes.getTypeParser as (oid: number, format?: string) => unknown)(oid, format);
  },
} as pg.CustomTypesConfig;
let defaultTypes: typeof pg.types;

// Per pool: a process may move to another database (tests do).
const embeddedByPool = new WeakMap<pg.Pool, Promise<boolean>>();

/** Whether the pool's database is the embedded PGlite (asked once per pool). */
export function isEmbeddedDatabase(pool: pg.Pool): Promise<boolean> {
  let known = embeddedByPool.get(pool);
  if (!known) {
    known = pool.query<{ v: string }>("SELECT version() AS v").then((r) => /pglite|emscripten/i.test(r.rows[0]?.v ?? ""));
    // A failed look is asked again next time.
    known.catch(() => embeddedByPool.delete(pool));
    embeddedByPool.set(pool, known);
  }
  return known;
}

/** Whether statements on this pool may be named (prepared once per connection). */
export async function namesStatements(pool: pg.Pool): Promise<boolean> {
  return getEnv().DATABASE_PREPARED_STATEMENTS && !(await isEmbeddedDatabase(pool));
}

/**
 * Runs one of the hot path's statements. `name` must be unique per SQL text. Dates in
 * `values` are sent as ISO strings (UTC), so write `$n::timestamp(3)` where a date goes in.
 */
export async function hotQuery<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
  defaultTypes ??= (await import("pg")).default.types;
  const pool = getPool();
  return runStatement<T>(pool, await namesStatements(pool), name, text, values);
}

/** One statement on the pool or a connection of it: named when `named`, dates as ISO strings, timestamps read as UTC. */
async function runStatement<T>(db: pg.Pool | pg.PoolClient, named: boolean, name: string, text: string, values: unknown[]) {
  const params = values.map((v) => (v instanceof Date ? v.toISOString() : v));
  const result = await db.query({ ...(named ? { name } : {}), text, values: params, types });
  return result.rows as T[];
}

/** A hot-path statement run inside hotTransaction (named as hotQuery names them). */
export type HotQuery = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/**
 * Runs `run` in a transaction on one connection of the pool, its statements prepared as
 * hotQuery prepares them, without Prisma's per-row work: committed when `run` resolves, rolled
 * back when it throws.
 */
export async function hotTransaction<T>(run: (query: HotQuery) => Promise<T>): Promise<T> {
  defaultTypes ??= (await import("pg")).default.types;
  const pool = getPool();
  const named = await namesStatements(pool);
  const client = await pool.connect();
  const query: HotQuery = <R>(name: string, text: string, values: unknown[]) => runStatement<R>(client, named, name, text, values);
  try {
    await client.query("BEGIN");
    const result = await run(query);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
