import { getDb } from "@/lib/db/client";

export async function checkHealth() {
  try {
    await getDb().$queryRaw`SELECT 1`;
    return { status: "ok" as const, database: "ok" as const };
  } catch {
    return { status: "degraded" as const, database: "unreachable" as const };
  }
}
