import { readFileSync } from "node:fs";

/** utime + stime of a process from /proc/<pid>/stat, in ms (0 once it has exited). */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU time of the PostgreSQL backends serving this bench's database (pg_stat_activity, same
 * machine), from `start()` to `stop()`, in ms. A backend started in between counts from zero;
 * one that exits before `stop()` loses its share (the pools keep theirs open).
 */
export async function measurePostgresCpu() {
  const { getDb } = await import("@/lib/db/client");
  const pids = async () =>
    (
      await getDb().$queryRaw<{ pid: number }[]>`
        SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`
    ).map((r) => r.pid);
  const before = new Map((await pids()).map((pid) => [pid, processCpuMs(pid)]));
  return {
    async stop(): Promise<number> {
      let total = 0;
      for (const pid of new Set([...before.keys(), ...(await pids())])) total += processCpuMs(pid) - (before.get(pid) ?? 0);
      return total;
    },
  };
}
