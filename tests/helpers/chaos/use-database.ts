import { disconnectDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";

/** Points this process's one Prisma client at another database; returns the way back. */
export async function useDatabase(url: string): Promise<() => Promise<void>> {
  const previous = process.env.DATABASE_URL;
  await disconnectDb();
  process.env.DATABASE_URL = url;
  resetEnvCache();
  return async () => {
    await disconnectDb();
    process.env.DATABASE_URL = previous;
    resetEnvCache();
  };
}
