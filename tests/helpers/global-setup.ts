import type { TestProject } from "vitest/node";
import pg from "pg";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { adminUrl } from "./admin-url";

// Integration tests run against the real database engine: in-memory embedded PGlite by
// default, or the PostgreSQL server at TEST_DATABASE_URL (CI runs both). Files run in parallel,
// and no two files running at once share a database (the test clock is a row in it):
// - on the server, the database at that URL is migrated once and each test file gets its own
//   copy of it (tests/helpers/setup-env.ts), so work one file leaves behind (jobs due later, a
//   moved clock) never reaches the next; the copies are dropped here at the end;
// - embedded, each worker process has its own PGlite (a worker runs its files one after the
//   other), migrated here.
const embedded: EmbeddedDatabase[] = [];

export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL;
  let urls: string[];
  if (server) {
    await migrate(server);
    urls = [server];
  } else {
    const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
    for (let i = 0; i < workers; i++) embedded.push(await startEmbeddedDatabase({ maxConnections: 64 }));
    urls = embedded.map((database) => database.url);
    await Promise.all(urls.map((url) => migrate(url)));
  }
  project.provide("databaseUrls", urls);
  const prefix = `mw_file_${Date.now().toString(36)}`;
  project.provide("fileDatabasePrefix", server ? prefix : "");
  return async () => {
    await Promise.all(embedded.map((database) => database.stop()));
    if (server) await dropFileDatabases(server, prefix);
  };
}

async function dropFileDatabases(templateUrl: string, prefix: string) {
  const admin = new pg.Client({ connectionString: adminUrl(templateUrl) });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}_%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The server's database, or one embedded database per worker (VITEST_POOL_ID picks it). */
    databaseUrls: string[];
    /** Non-empty on a PostgreSQL server: each file's database is a copy named with it. */
    fileDatabasePrefix: string;
  }
}
