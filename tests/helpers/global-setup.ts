import type { TestProject } from "vitest/node";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

// Integration tests run against the real database engine: an in-memory embedded PGlite by
// default, or the PostgreSQL server at TEST_DATABASE_URL (CI runs both).
let embedded: EmbeddedDatabase | undefined;

export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedDatabase({ maxConnections: 64 });
    url = embedded.url;
  }
  await migrate(url);
  project.provide("databaseUrl", url);
  return async () => {
    await embedded?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
