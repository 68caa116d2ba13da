import { getDb } from "@/lib/db/client";
import { now, syncClock } from "@/lib/clock/clock";

/** Liveness and the service's own time (the test clock when it is on: dashboards follow it). */
export async function checkHealth() {
  try {
    await getDb().$queryRaw`SELECT 1`;
    await syncClock({ maxAgeMs: 1000 });
    return { status: "ok" as const, database: "ok" as const, now: now().toISOString() };
  } catch {
    return { status: "degraded" as const, database: "unreachable" as const, now: new Date().toISOString() };
  }
}
