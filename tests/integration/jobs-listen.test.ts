import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@/lib/db/ids";
import { startPoller, stopPoller } from "@/lib/jobs/poller";
import { JOBS_CHANNEL, wakePoller } from "@/lib/jobs/poller-wake";
import { jobRow, recordingJob, waitFor } from "../helpers/jobs";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../helpers/chaos/throwaway-database";
import { useDatabase } from "../helpers/chaos/use-database";

// The web process (a child of the launcher) and the worker share no memory: new work reaches
// the worker's poller through PostgreSQL LISTEN/NOTIFY. On a PostgreSQL server of its own
// (LISTEN is not used on the embedded PGlite, which serves every connection from one session).
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: ThrowawayDatabase;
let restore: () => Promise<void>;
const clients: pg.Client[] = [];

async function otherProcess() {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  db = await createThrowawayDatabase("mw_listen");
  restore = await useDatabase(db.url);
});

afterAll(async () => {
  await stopPoller({ timeoutMs: 5000 });
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
  await restore?.();
  await db?.drop();
});

describe("waking the worker from another process", () => {
  it("runs a job another process committed as soon as it notifies, not at the next poll", async () => {
    const { job, calls } = recordingJob("listen");
    // No timed poll comes after the first within the test: only the notification can run the job.
    startPoller({ jobs: [job], pollIntervalMs: 3_600_000, schedules: false });
    const other = await otherProcess();
    // The poller listens (its connection's last statement was the LISTEN), then looks once more.
    await waitFor(async () => {
      const { rows } = await other.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle' AND query = $1`,
        [`LISTEN ${JOBS_CHANNEL}`],
      );
      return rows[0].n === 1;
    });
    await sleep(300); // that look has come and gone
    const id = newId("job");
    await other.query(
      `INSERT INTO "Job" (id, name, payload, "runAt", "maxAttempts", "updatedAt")
       VALUES ($1, $2, '{"n": 1}', now() - interval '1 second', 3, now())`,
      [id, job.id],
    );
    await sleep(300);
    expect((await jobRow(id)).status).toBe("pending");
    await other.query(`SELECT pg_notify($1, '')`, [JOBS_CHANNEL]);
    await waitFor(async () => (await jobRow(id)).status === "completed");
    expect(calls).toHaveLength(1);
    await stopPoller({ timeoutMs: 5000 });
  });

  it("a process without a poller notifies the worker's when it wakes one", async () => {
    const listener = await otherProcess();
    await listener.query(`LISTEN ${JOBS_CHANNEL}`);
    const heard = new Promise<string>((resolve) => listener.once("notification", (n) => resolve(n.channel)));
    wakePoller();
    expect(await Promise.race([heard, sleep(3000).then(() => "nothing within 3 s")])).toBe(JOBS_CHANNEL);
  });
});
