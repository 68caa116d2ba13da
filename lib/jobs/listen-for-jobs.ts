import pg from "pg";
import { getEnv } from "@/lib/config/env";
import { getPool } from "@/lib/db/client";
import { isEmbeddedDatabase } from "@/lib/db/hot-query";
import { logger } from "@/lib/log/logger";
import { JOBS_CHANNEL } from "./poller-wake";

const RECONNECT_MS = 1000;

/**
 * LISTENs on JOBS_CHANNEL on a connection of its own (on a PostgreSQL server; not the embedded
 * PGlite) and calls `onWake` for each notification, reconnecting after a lost connection.
 * Returns the function that stops listening.
 */
export function listenForJobs(onWake: () => void): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (stopped) return;
    const url = getEnv().DATABASE_URL;
    if (!url) return;
    try {
      if (await isEmbeddedDatabase(getPool())) return;
      const c = new pg.Client({ connectionString: url, keepAlive: true });
      client = c;
      c.on("notification", () => onWake());
      c.on("error", () => {
        // The connection is gone: end it and listen again on a new one.
        c.end().catch(() => {});
        if (client === c) again();
      });
      await c.connect();
      await c.query(`LISTEN ${JOBS_CHANNEL}`);
      if (stopped) await c.end();
      // Jobs committed while no one listened.
      else onWake();
    } catch (error) {
      logger().debug({ err: error }, "could not listen for new jobs; retrying");
      client?.end().catch(() => {});
      again();
    }
  };
  const again = () => {
    client = undefined;
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}
