import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/config/env";

// One Prisma client per process, kept on globalThis: Next's instrumentation hook and each
// route bundle would otherwise each open their own pool against the database.
function createClient() {
  const env = getEnv();
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded database)");
  const pool = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: env.DB_POOL_SIZE,
    // A dead server or a full pool fails fast instead of hanging a request; a
    // connection the server terminated is dropped from the pool and the next query opens a new one.
    connectionTimeoutMillis: env.DB_CONNECT_TIMEOUT_MS,
    statement_timeout: env.DB_STATEMENT_TIMEOUT_MS,
    // Client side too: a server that stopped answering (no RST) would never end a statement.
    query_timeout: env.DB_STATEMENT_TIMEOUT_MS + 5000,
    keepAlive: true,
  });
  // A terminated connection emits "error" twice (the server's FATAL, then the socket's end);
  // pg-pool listens once while a query runs, so the second one was an uncaught exception that
  // killed the process (seen in the chaos tier). The query itself still fails and is answered 503.
  pool.on("connect", (client) => client.on("error", () => {}));
  pool.on("error", () => {});
  g.__mailwrightPool = pool;
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  return new PrismaClient({
    adapter,
    // Under a burst (50 sends at once on a pool of 5) a transaction may queue for a connection
    // longer than Prisma's 2 s default; waiting is better than failing the request.
    transactionOptions: { maxWait: 15_000, timeout: 30_000 },
    // Secret columns never leave the database unless a query asks for them by name.
    omit: {
      user: { passwordHash: true },
      apiKey: { keyHash: true },
      domain: { dkimPrivateKeyEnc: true },
      webhook: { secret: true },
    },
  });
}

export type Db = ReturnType<typeof createClient>;
/** A transaction client, for functions that take part in a caller's transaction. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const g = globalThis as unknown as { __mailwrightDb?: Db; __mailwrightPool?: pg.Pool };

export function getDb(): Db {
  if (!g.__mailwrightDb) g.__mailwrightDb = createClient();
  return g.__mailwrightDb;
}

/** The `pg` pool under Prisma's adapter: the hot path's prepared statements (lib/db/hot-query.ts). */
export function getPool(): pg.Pool {
  getDb();
  return g.__mailwrightPool!;
}

export async function disconnectDb() {
  if (g.__mailwrightDb) {
    await g.__mailwrightDb.$disconnect();
    g.__mailwrightDb = undefined;
    g.__mailwrightPool = undefined;
  }
}
