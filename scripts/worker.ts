// npm run worker – the background process on its own (scaled deploys; DESIGN section 1): the job
// poller against DATABASE_URL, or against the embedded database of a running `npm start`, or,
// when neither exists, the embedded database in DATA_DIR opened here.
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
      say(`${signal}: finishing running jobs`);
      stopWorker()
        .catch((error: unknown) => console.error(error))
        .then(() => disconnectDb())
        .finally(resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });

  await startWorker();
  say(`running against ${url.replace(/\/\/[^@/]*@/, "//")}`);
  await stopped;
});
say("stopped");
process.exit(0);
