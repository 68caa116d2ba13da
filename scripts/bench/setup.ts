import pg from "pg";
import { migrate } from "@/lib/db/migrate";

/**
 * A fresh database on the PostgreSQL server for one bench run, dropped afterwards.
 * BENCH_DATABASE_PREFIX (default mailwright_bench) names it, followed by this process's id.
 */
export async function benchDatabase(serverUrl: string) {
  const prefix = process.env.BENCH_DATABASE_PREFIX ?? "mailwright_bench";
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`BENCH_DATABASE_PREFIX: ${prefix} is not a plain lower-case name`);
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A connection of its own to the bench's database (DATABASE_URL) without the pool's statement
 * timeout: seeding a million rows, and the baselines' INSERT ... SELECT, take longer than a
 * request may. The caller ends it.
 */
export async function seedingClient() {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  await c.query("SET statement_timeout = 0");
  return c;
}
