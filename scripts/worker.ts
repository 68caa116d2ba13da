// npm run worker – the background process on its own (scaled deploys, one or more per
// database): the job poller against DATABASE_URL, or against the embedded database of a
// running `npm start`, or, when neither exists, the embedded database in DATA_DIR opened here.
import { migrate } from "@/lib/db/migrate";
import { withDatabase } from "./lib/database";

const say = (line: string) => console.log(`[mailwright worker] ${line}`);

await withDatabase(async (url) => {
  // Idempotent and locked: a worker never runs against a schema older than its code.
  await migrate(url, { log: say });
  // Before any module reads the environment: lib/config caches it on first use.
  process.env.DATABASE_URL = url;
  const { startWorker, stopWorker } = await import("@/lib/jobs/worker");
  const { disconnectDb } = await import("@/lib/db/client");

  const stopped = new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        say(`${signal} again: exiting now`);
        process.exit(1);
      }
      stopping = true;
      // Within a container's grace period (STOP_GRACE_SECONDS): what is still running after
      // that is released for the next worker (lib/jobs/poller.ts).
      const graceMs = Number(process.env.STOP_GRACE_SECONDS ?? 10) * 1000;
      say(`${signal}: finishing running jobs (at most ${graceMs / 1000} s)`);
      setTimeout(() => process.exit(1), graceMs).unref();
      stopWorker({ timeoutMs: Math.max(500, graceMs - 2000) })
        .catch((error: unknown) => console.error(error))
        .then(() => disconnectDb())
        .finally(resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });

  await startWorker();
  say(`running against ${url.replace(/\/\/[^@/]*@/, "//")}`);
  const { warnIfLocalModeInProduction } = await import("./lib/warn-local-mode");
  warnIfLocalModeInProduction();
  await stopped;
});
say("stopped");
process.exit(0);
