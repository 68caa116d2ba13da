import { readFileSync } from "node:fs";
import pg from "pg";

/** utime + stime of a process from /proc/<pid>/stat, in ms (null once it has exited, or off this machine). */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) of the processes `pids()` lists, from the call to `stop()`. A process listed
 * only at the end counts from zero; one gone by the end loses its share, so the pools must stay
 * open across the load (the bench's do). Null when no process could be read.
 */
async function measureCpu(pids: () => Promise<number[]>) {
  const before = new Map<number, number>();
  for (const pid of await pids()) {
    const ms = processCpuMs(pid);
    if (ms !== null) before.set(pid, ms);
  }
  return {
    async stop(): Promise<number | null> {
      let total = 0;
      let seen = 0;
      for (const pid of new Set([...before.keys(), ...(await pids())])) {
        const ms = processCpuMs(pid);
        if (ms === null) continue;
        seen++;
        total += ms - (before.get(pid) ?? 0);
      }
      return seen ? total : null;
    },
  };
}

/**
 * The PostgreSQL client backends serving one database on a server on this machine, listed
 * through a connection of its own. The server's shared processes (WAL writer, checkpointer)
 * serve every database and are not counted.
 */
export function postgresCpuMeter(serverUrl: string, database: string) {
  const pids = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()",
        [database],
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };
  return { start: () => measureCpu(pids) };
}

/** The same for the database of this process's own pool (the bench's `getDb()`), in ms (0 off this machine). */
export async function measurePostgresCpu() {
  const { getDb } = await import("@/lib/db/client");
  const meter = await measureCpu(async () =>
    (
      await getDb().$queryRaw<{ pid: number }[]>`
        SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`
    ).map((r) => r.pid),
  );
  return { stop: async () => (await meter.stop()) ?? 0 };
}
