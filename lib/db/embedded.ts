import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { lockQueriesPerCycle } from "./pglite-query-lock";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded default: PGlite, Postgres compiled to WASM, served on
 * 127.0.0.1 over the Postgres wire protocol so the app talks to it exactly as it would to a
 * PostgreSQL server. `dataDir` undefined means in memory (tests).
 *
 * One process may open a data directory. The socket server multiplexes connections onto the
 * single PGlite session and keeps a transaction's statements together, so `maxConnections`
 * must cover every pool that connects (web + worker + scripts).
 */
export async function startEmbeddedDatabase(options: {
  dataDir?: string;
  port?: number;
  maxConnections?: number;
}): Promise<EmbeddedDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir ?? "memory://");
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 32,
  });
  lockQueriesPerCycle(server);
  await server.start();
  const url = `postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      // Closing flushes and releases the data directory; skipping it can leave it half-written.
      await db.close();
    },
  };
}
