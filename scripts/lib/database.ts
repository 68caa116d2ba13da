import { existsSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import path from "node:path";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";

// Where the scripts find the database: DATABASE_URL when set; otherwise the embedded one in
// DATA_DIR. Only one process can open the data directory, so a running `npm start` publishes
// its socket address in DATA_DIR/embedded.json and the CLI and migrate scripts connect there.

export function dataDir() {
  return path.resolve(process.env.DATA_DIR ?? ".data");
}

const serverFile = () => path.join(dataDir(), "embedded.json");

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function runningEmbeddedUrl(): string | undefined {
  if (!existsSync(serverFile())) return undefined;
  try {
    const info = JSON.parse(readFileSync(serverFile(), "utf8")) as { url: string; pid: number };
    return isAlive(info.pid) ? info.url : undefined;
  } catch {
    return undefined;
  }
}

export async function openEmbedded(options: { port?: number; maxConnections?: number } = {}): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedDatabase({ dataDir: path.join(dataDir(), "pgdata"), ...options });
  writeFileSync(serverFile(), JSON.stringify({ url: db.url, pid: process.pid }));
  return {
    url: db.url,
    async stop() {
      rmSync(serverFile(), { force: true });
      await db.stop();
    },
  };
}

/** Run `fn` with a database URL, opening (and afterwards closing) the embedded one if needed. */
export async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL ?? runningEmbeddedUrl();
  // The embedded database keeps rate limits in memory (lib/api/rate-limit.ts).
  if (!process.env.DATABASE_URL) process.env.MAILWRIGHT_EMBEDDED_DB = "1";
  if (url) return fn(url);
  const db = await openEmbedded({ maxConnections: 8 });
  try {
    return await fn(db.url);
  } finally {
    await db.stop();
  }
}
