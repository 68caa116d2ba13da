import type { TestProject } from "vitest/node";
import pg from "pg";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { adminUrl } from "./admin-url";

// Integration tests run against the real database engine: an in-memory embedded PGlite by
// default, or the PostgreSQL server at TEST_DATABASE_URL (CI runs both). On the server, the
// database at that URL is migrated once and each test file gets its own copy of it
// (tests/helpers/setup-env.ts), so work one file leaves behind (jobs due later, a moved
// clock) never reaches the next; the copies are dropped here at the end.
let embedded: EmbeddedDatabase | undefined;

export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedDatabase({ maxConnections: 64 });
    url = embedded.url;
  }
  await migrate(url);
  project.provide("databaseUrl", url);
  const perFile = Boolean(process.env.TEST_DATABASE_URL);
  const prefix = `mw_file_${Date.now().toString(36)}`;
  project.provide("fileDatabasePrefix", perFile ? prefix : "");
  return async () => {
    await embedded?.stop();
    if (perFile) await dropFileDatabases(url, prefix);
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
    databaseUrl: string;
    /** Non-empty on a PostgreSQL server: each file's database is a copy named with it. */
    fileDatabasePrefix: string;
  }
}
