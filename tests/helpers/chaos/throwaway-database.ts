import pg from "pg";
import { randomBase62 } from "@/lib/db/ids";
import { migrate } from "@/lib/db/migrate";

// A database of its own on the local PostgreSQL server for one chaos run: created and migrated
// here, its connections terminated on demand (the "database restart" of fault 2), dropped after.
// The server itself is shared and is never stopped or restarted.
const ADMIN_URL = process.env.CHAOS_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export async function createThrowawayDatabase(prefix = "mw_chaos") {
  const name = `${prefix}_${randomBase62(8).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return {
    name,
    url: url.toString(),
    /** Ends every connection of this database (never the server's others); how many it ended. */
    async terminateAll(): Promise<number> {
      const res = await admin.query(
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name],
      );
      return res.rows[0].n as number;
    },
    /** While refused, no new connection to this database is accepted: a server that is down. */
    async refuseConnections(refuse: boolean): Promise<void> {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS ${refuse ? "false" : "true"}`);
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

export type ThrowawayDatabase = Awaited<ReturnType<typeof createThrowawayDatabase>>;
