import { readFileSync } from "node:fs";
import pg from "pg";

/**
 * CPU time (utime + stime, ms) of the PostgreSQL backends serving one database, read from
 * /proc: only on a server on this machine. The backends are listed from pg_stat_activity at
 * the start and the end of a load; a backend gone by the end is missed, so the pools must stay
 * open across the load (the bench's do). The server's shared processes (WAL writer,
 * checkpointer) serve every database on the server and are not counted.
 */
export async function postgresCpuMeter(serverUrl: string, database: string) {
  const backends = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [database],
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };
  const cpuMs = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return null;
    }
  };
  return {
    /** Starts a measure; its `stop()` returns the backends' CPU ms used since (null off this machine). */
    async start() {
      const before = new Map<number, number>();
      for (const pid of await backends()) {
        const ms = cpuMs(pid);
        if (ms !== null) before.set(pid, ms);
      }
      return {
        async stop(): Promise<number | null> {
          let total = 0;
          let seen = 0;
          for (const pid of await backends()) {
            const ms = cpuMs(pid);
            if (ms === null) continue;
            seen++;
            total += ms - (before.get(pid) ?? 0);
          }
          return seen ? total : null;
        },
      };
    },
  };
}
