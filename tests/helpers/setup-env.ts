import pg from "pg";
import { afterAll, inject } from "vitest";
import { forgetRateLimiters } from "@/lib/api/rate-limit";
import { closeRateLimitStore } from "@/lib/api/rate-limit/rate-limit-store";
import { resetEnvCache } from "@/lib/config/env";
import { randomBase62 } from "@/lib/db/ids";
import { CLOCK_KEY, forgetClockOffset } from "@/lib/clock/clock";
import { disconnectDb, getDb } from "@/lib/db/client";
import { adminUrl } from "./admin-url";

// Each worker runs its files one after another in ONE process, sharing loaded modules
// (vitest.config.mts, isolate): each file starts from the environment the previous one started
// from, with the settings cache read again, and a setting a file changed does not reach the next.
// Connections a file opened (the database's, the rate-limit store's) end with it: on a server the
// next file has a database of its own.
const environment = { ...process.env };
afterAll(async () => {
  await Promise.all([disconnectDb(), closeRateLimitStore()]);
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  resetEnvCache();
});

const filePrefix = inject("fileDatabasePrefix");
process.env.DATABASE_URL = await fileDatabase(ownDatabase(inject("databaseUrls")), filePrefix);
process.env.APP_SECRET ??= "integration-test-secret-0123456789";
process.env.DB_POOL_SIZE ??= "4";
process.env.LOG_LEVEL ??= "silent";
// One test process: limits in memory unless a test asks for the shared store itself.
process.env.RATE_LIMIT_STORE ??= "memory";
// In-process requests have no socket: they stand for a deploy behind one proxy, whose
// X-Forwarded-For entry names the client (tests of the hops=0 default unset it themselves).
process.env.TRUST_PROXY_HOPS ??= "1";
resetEnvCache();
// Counts in memory and the test clock's cached offset belong to the process: each file starts
// from none, as in a process of its own.
forgetRateLimiters();
forgetClockOffset();
if (!filePrefix) await forgetEarlierFilesWork();

/**
 * Embedded, the worker's database still holds what the files before this one left: jobs due
 * later or retrying (a webhook attempt to a receiver long closed, a send of an account nobody
 * drives) and a moved test clock. The job runners claim every due job of the database, so a
 * file would run, and wait on, another file's work. Each file starts as on a server, where its
 * database is a fresh copy: no jobs, the clock at real time. Rows of earlier files' accounts stay;
 * every file makes accounts and names of its own.
 */
async function forgetEarlierFilesWork() {
  const db = getDb();
  await db.job.deleteMany({});
  await db.systemState.deleteMany({ where: { key: CLOCK_KEY } });
}

/** This worker's embedded database (workers are numbered from 1), or the server's. */
function ownDatabase(urls: string[]): string {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length];
}

/**
 * On a PostgreSQL server, this file's own copy of the migrated database (CREATE DATABASE ...
 * TEMPLATE: a file copy, no migration per file), dropped when the file ends. Embedded, the
 * worker's database is shared by the files the worker runs.
 */
async function fileDatabase(url: string, prefix: string): Promise<string> {
  if (!prefix) return url;
  const template = new URL(url).pathname.slice(1);
  const name = `${prefix}_${randomBase62(6).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  afterAll(async () => {
    await disconnectDb();
    await closeRateLimitStore();
    const dropper = new pg.Client({ connectionString: adminUrl(url) });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  });
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}
