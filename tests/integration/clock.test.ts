import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/dev/clock/route";
import { resetEnvCache } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { clockOffsetMs, now, setClock, syncClock } from "@/lib/clock/clock";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { runDueJobsOnce, startPoller, stopPoller } from "@/lib/jobs/poller";
import { startWorker, stopWorker } from "@/lib/jobs/worker";
import { call, makeAccount } from "../helpers/api";
import { jobRow, recordingJob, waitFor } from "../helpers/jobs";

// The offset is shared through the database by every process and test file, so these tests
// only ever move the clock forward and compare against real time with >=.
const path = "/api/dev/clock";
const MINUTE = 60_000;
const saved = process.env.ENABLE_TEST_CLOCK;

function setFlag(value: string | undefined) {
  if (value === undefined) delete process.env.ENABLE_TEST_CLOCK;
  else process.env.ENABLE_TEST_CLOCK = value;
  resetEnvCache();
}

beforeEach(() => setFlag("1"));
afterEach(async () => {
  await stopPoller();
  setFlag(saved);
});

const post = (key: string | undefined, body: unknown) => call(POST, { method: "POST", path, key, body });

describe("dev clock", () => {
  it("does not exist without ENABLE_TEST_CLOCK", async () => {
    setFlag(undefined);
    const { key } = await makeAccount();
    for (const res of [await call(GET, { path, key }), await post(key, { advanceMinutes: 5 }), await call(GET, { path })]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({
        error: { code: "not_found", message: "not found" },
        name: "not_found",
        message: "not found",
        statusCode: 404,
      });
    }
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(100);
  });

  it("needs a full_access key or a session, and a valid body", async () => {
    expect((await call(GET, { path })).status).toBe(401);
    const { key: sendOnly } = await makeAccount({ scopes: ["send:email"] });
    expect((await post(sendOnly, { advanceMinutes: 1 })).status).toBe(403);
    const { key } = await makeAccount();
    for (const body of [{}, { advanceMinutes: -5 }, { now: "tomorrow" }, { advanceMinutes: "5" }]) {
      const res = await post(key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
    }
  });

  it("advances now() for this process and, through the database, for others", async () => {
    const { key } = await makeAccount();
    const before = now().getTime();
    const moved = await post(key, { advanceMinutes: 90 });
    expect(moved.status).toBe(200);
    const movedTo = Date.parse(moved.json.now);
    expect(movedTo - before).toBeGreaterThanOrEqual(90 * MINUTE);
    expect(now().getTime()).toBeGreaterThanOrEqual(movedTo);

    const got = await call(GET, { path, key });
    expect(got.status).toBe(200);
    expect(Date.parse(got.json.now)).toBeGreaterThanOrEqual(movedTo);

    // Another process moving the clock (here: a direct write) is seen after syncClock().
    const offset = clockOffsetMs() + 24 * 60 * MINUTE;
    await getDb().systemState.update({ where: { key: "clock" }, data: { value: { offsetMs: offset } } });
    await syncClock();
    expect(clockOffsetMs()).toBeGreaterThanOrEqual(offset);
  });

  it('sets an absolute time with {"now": ...}', async () => {
    const { key } = await makeAccount();
    const target = new Date(now().getTime() + 7 * 24 * 60 * MINUTE);
    const res = await post(key, { now: target.toISOString() });
    expect(res.status).toBe(200);
    expect(Math.abs(Date.parse(res.json.now) - target.getTime())).toBeLessThan(1000);
  });

  it("runs a job delayed by three days once the clock passes it", async () => {
    const { key } = await makeAccount();
    const { job, calls } = recordingJob("clock");
    const { job: row } = await enqueueJob(job, { n: 1 }, { runAt: new Date(now().getTime() + 3 * 24 * 60 * MINUTE) });
    expect(await runDueJobsOnce({ jobs: [job] })).toEqual([]);

    expect((await post(key, { advanceMinutes: 3 * 24 * 60 + 1 })).status).toBe(200);
    const [outcome] = await runDueJobsOnce({ jobs: [job] });
    expect(outcome).toMatchObject({ id: row.id, status: "completed" });
    expect(calls).toHaveLength(1);
    expect((await jobRow(row.id)).completedAt!.getTime()).toBeGreaterThan(Date.now() + 3 * 24 * 60 * MINUTE);
  });

  it("refuses to start the worker against a database on another host, unless APP_ENV=test", async () => {
    const db = getDb(); // the client connects where the tests' database is, whatever changes below
    const saved = { url: process.env.DATABASE_URL, appEnv: process.env.APP_ENV };
    Object.assign(process.env, { DATABASE_URL: "postgresql://mw:secret@db.internal.example:5432/mailwright", SMTP_RELAY_DISABLED: "1" });
    delete process.env.APP_ENV;
    resetEnvCache();
    try {
      await expect(startWorker({ jobs: [] })).rejects.toThrow(
        /ENABLE_TEST_CLOCK=1 is refused: DATABASE_URL points at db\.internal\.example:5432, not this machine/,
      );
      const offset = await db.systemState.findUnique({ where: { key: "clock" } });
      await expect(setClock({ advanceMinutes: 60 })).rejects.toThrow(/refused/);
      expect(await db.systemState.findUnique({ where: { key: "clock" } })).toEqual(offset);
      // A test database elsewhere (a CI service container) says so with APP_ENV=test.
      process.env.APP_ENV = "test";
      resetEnvCache();
      await startWorker({ jobs: [] });
    } finally {
      await stopWorker({ timeoutMs: 1000 });
      process.env.DATABASE_URL = saved.url;
      if (saved.appEnv === undefined) delete process.env.APP_ENV;
      else process.env.APP_ENV = saved.appEnv;
      delete process.env.SMTP_RELAY_DISABLED;
      resetEnvCache();
    }
  });

  it("wakes this process's poller as soon as the clock moves", async () => {
    const { key } = await makeAccount();
    const { job } = recordingJob("clock-wake");
    const { job: row } = await enqueueJob(job, {}, { runAt: new Date(now().getTime() + 24 * 60 * MINUTE) });
    startPoller({ jobs: [job], pollIntervalMs: 60_000 });
    await new Promise((r) => setTimeout(r, 300)); // past the first poll
    expect((await jobRow(row.id)).status).toBe("pending");
    expect((await post(key, { advanceMinutes: 24 * 60 + 1 })).status).toBe(200);
    await waitFor(async () => (await jobRow(row.id)).status === "completed", 2000);
  });
});
