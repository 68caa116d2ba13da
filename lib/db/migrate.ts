import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, and records
// them in `_prisma_migrations` exactly as `prisma migrate deploy` does (sha256 hex checksum,
// applied_steps_count 1), so Prisma's own CLI agrees with us on any machine that has it.

const MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// The same advisory lock key Prisma uses, so two deploys never migrate at once.
const LOCK_KEY = 72707369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = path.join(process.cwd(), "prisma", "migrations")): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export async function migrate(databaseUrl: string, options: { dir?: string; log?: (line: string) => void } = {}) {
  const log = options.log ?? (() => {});
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(MIGRATIONS_TABLE);
    const done = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const byName = new Map(done.rows.map((r) => [r.migration_name, r]));
    for (const m of readMigrations(options.dir)) {
      const row = byName.get(m.name);
      if (row?.finished_at) {
        if (row.checksum !== m.checksum) log(`warning: migration ${m.name} was edited after it was applied`);
        continue;
      }
      if (row) throw new Error(`migration ${m.name} failed earlier and needs attention before others run`);
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [id, m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`);
      }
      applied.push(m.name);
      log(`applied migration ${m.name}`);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}
