import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/config/env";

// One Prisma client per process, kept on globalThis: Next's instrumentation hook and each
// route bundle would otherwise each open their own pool against the database.
function createClient() {
  const env = getEnv();
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded database)");
  const adapter = new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DB_POOL_SIZE });
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
    },
  });
}

export type Db = ReturnType<typeof createClient>;
/** A transaction client, for functions that take part in a caller's transaction. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const g = globalThis as unknown as { __mailwrightDb?: Db };

export function getDb(): Db {
  if (!g.__mailwrightDb) g.__mailwrightDb = createClient();
  return g.__mailwrightDb;
}

export async function disconnectDb() {
  if (g.__mailwrightDb) {
    await g.__mailwrightDb.$disconnect();
    g.__mailwrightDb = undefined;
  }
}
