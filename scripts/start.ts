// npm start (and npm run dev with --dev): the one-command launcher (DESIGN section 1).
// Without DATABASE_URL it opens the embedded PGlite in DATA_DIR and serves it on 127.0.0.1;
// then it applies migrations, builds the app when the build is missing or stale, runs the
// worker in this process and the Next server as a child, and shuts all of it down cleanly.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { migrate } from "@/lib/db/migrate";
import { openEmbedded } from "./lib/database";
import { ensureAppSecret } from "./lib/secret";
import { buildIsFresh, recordBuild, sourceStamp } from "./lib/build-stamp";

const dev = process.argv.includes("--dev");
const NEXT_BIN = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
const port = Number(process.env.PORT ?? 3000);
const appUrl = (process.env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
const say = (line: string) => console.log(`[mailwright] ${line}`);

process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.APP_SECRET = ensureAppSecret();
process.env.NEXTAUTH_URL ??= appUrl;
process.env.APP_URL = appUrl;

let embedded: Awaited<ReturnType<typeof openEmbedded>> | undefined;
if (!process.env.DATABASE_URL) {
  say("opening the embedded database in " + (process.env.DATA_DIR ?? ".data"));
  // Connections: the web server's pool, the worker's pool, and a few for scripts and the CLI.
  embedded = await openEmbedded({ maxConnections: 40 });
  process.env.DATABASE_URL = embedded.url;
}

const applied = await migrate(process.env.DATABASE_URL!, { log: say });
if (!applied.length) say("database schema is up to date");

if (!dev && !buildIsFresh()) {
  say("building the app (first start or sources changed; about a minute)");
  const stamp = sourceStamp();
  const build = spawnSync(process.execPath, [NEXT_BIN, "build"], { stdio: "inherit", env: process.env });
  if (build.status !== 0) {
    await embedded?.stop();
    process.exit(build.status ?? 1);
  }
  recordBuild(stamp);
}

const { startWorker, stopWorker } = await import("@/lib/jobs/worker");
await startWorker();

const next: ChildProcess = spawn(process.execPath, [NEXT_BIN, dev ? "dev" : "start", "-p", String(port)], {
  stdio: ["ignore", "inherit", "inherit"],
  env: process.env,
});

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  say("shutting down");
  if (next.exitCode === null) {
    next.kill("SIGTERM");
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        next.kill("SIGKILL");
        resolve(null);
      }, 10_000);
      next.once("exit", () => resolve(clearTimeout(timer)));
    });
  }
  await stopWorker().catch((error: unknown) => console.error(error));
  const { disconnectDb } = await import("@/lib/db/client");
  await disconnectDb().catch(() => {});
  await embedded?.stop();
  say("stopped");
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
next.on("exit", (code) => void shutdown(code ?? 1));

// Tell the user where to go once the server answers.
for (let i = 0; i < 600 && !stopping; i++) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    if (res.ok) {
      say(`ready: ${appUrl}`);
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
