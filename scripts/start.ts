// npm start (and npm run dev with --dev): the one-command launcher.
// It builds the app when the build is missing or stale while, beside the build, it opens the
// embedded PGlite in DATA_DIR (without DATABASE_URL) and serves it on 127.0.0.1 and applies
// migrations; then it runs the worker in this process and the Next server as a supervised child
// (restarted if it dies), and shuts all of it down cleanly on SIGINT/SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { migrate } from "@/lib/db/migrate";
import { openEmbedded } from "./lib/database";
import { ensureAppSecret } from "./lib/secret";
import { buildIsFresh, recordBuild, sourceStamp } from "./lib/build-stamp";
import { supervise } from "./lib/supervise";
import { WEB_NODE_FLAGS } from "./lib/web-node-flags";

const dev = process.argv.includes("--dev");
const NEXT_BIN = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
const port = Number(process.env.PORT ?? 3000);
const appUrl = (process.env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
const say = (line: string) => console.log(`[mailwright] ${line}`);
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.APP_SECRET = ensureAppSecret();
process.env.NEXTAUTH_URL ??= appUrl;
process.env.APP_URL = appUrl;

// The build reads no database (pages with data render per request), so it starts first and the
// database opens and migrates beside it. It skips Next's type check: the types are the test
// suite's to check (npm test, npm run typecheck), and on 2 cores the check is a third of a first
// start. npm run build and the container image's build still check them.
let build: { child: ChildProcess; done: Promise<number> } | undefined;
if (!dev && !buildIsFresh()) {
  say("building the app (first start or sources changed; about a minute)");
  const stamp = sourceStamp();
  const child = spawn(process.execPath, [NEXT_BIN, "build"], {
    stdio: "inherit",
    env: { ...process.env, MAILWRIGHT_BUILD_SKIP_TYPECHECK: process.env.MAILWRIGHT_BUILD_SKIP_TYPECHECK ?? "1" },
  });
  const done = new Promise<number>((resolve) => {
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  build = {
    child,
    done: done.then((code) => {
      if (code === 0) recordBuild(stamp);
      return code;
    }),
  };
  // A launcher that stops before the build ends (a failed migration, a signal) takes it along.
  process.on("exit", () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });
  for (const signal of STOP_SIGNALS) process.on(signal, stopDuringBuild);
}

function stopDuringBuild() {
  process.exit(1);
}

let embedded: Awaited<ReturnType<typeof openEmbedded>> | undefined;
if (!process.env.DATABASE_URL) {
  say("opening the embedded database in " + (process.env.DATA_DIR ?? ".data"));
  // Connections: the web server's pool, the worker's pool, and a few for scripts and the CLI.
  embedded = await openEmbedded({ maxConnections: 40 });
  process.env.DATABASE_URL = embedded.url;
  // One web process on the embedded database: rate limits stay in memory (lib/api/rate-limit.ts).
  process.env.MAILWRIGHT_EMBEDDED_DB = "1";
}

// A test clock against a database on another host is refused (lib/clock): say so before
// migrating anything, and stop the build started beside it.
const { testClockEnabled } = await import("@/lib/clock/clock");
try {
  testClockEnabled();
} catch (error) {
  say((error as Error).message);
  build?.child.kill("SIGTERM");
  await embedded?.stop();
  process.exit(1);
}

const applied = await migrate(process.env.DATABASE_URL!, { log: say });
if (!applied.length) say("database schema is up to date");

if (build) {
  const code = await build.done;
  if (code !== 0) {
    await embedded?.stop();
    process.exit(code);
  }
  for (const signal of STOP_SIGNALS) process.off(signal, stopDuringBuild);
}

const { startWorker, stopWorker } = await import("@/lib/jobs/worker");
await startWorker();

// A crash or OOM kill of the web server restarts it (logged with the reason); only a server
// that keeps dying stops the launcher. It is Next behind scripts/web-server.ts, which stamps
// the client's socket address on each request (TRUST_PROXY_HOPS).
const web = supervise({
  name: "web server",
  start: () =>
    // node with tsx as an import, not the tsx CLI: the CLI is one more process between the
    // launcher and the server for a signal to get lost in. The IPC channel closes when the
    // launcher dies, even by SIGKILL, and the server then stops (no orphan keeps serving).
    spawn(process.execPath, [...WEB_NODE_FLAGS, "--import", "tsx", "scripts/web-server.ts", ...(dev ? ["--dev"] : [])], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: process.env,
    }),
  log: say,
  onGiveUp: (code) => void shutdown(code || 1, "web server keeps crashing"),
});

// Stopping fits in STOP_GRACE_SECONDS, a container's grace period: stop claiming
// and let running jobs finish while the web server drains, release what is still running,
// close the embedded database cleanly, exit. Past the deadline the launcher exits anyway.
let stopping = false;
async function shutdown(code: number, why: string) {
  if (stopping) return;
  stopping = true;
  const { getEnv } = await import("@/lib/config/env");
  const graceMs = getEnv().STOP_GRACE_SECONDS * 1000;
  say(`${why}: shutting down (at most ${graceMs / 1000} s)`);
  const deadline = setTimeout(() => {
    say("grace period over: exiting now");
    web.child.kill("SIGKILL");
    process.exit(code || 1);
  }, graceMs);
  deadline.unref();
  // What is left of the budget after the jobs is for releasing them and closing the database.
  const workMs = Math.max(500, graceMs - 2500);
  await Promise.all([web.stop(workMs), stopWorker({ timeoutMs: workMs }).catch((error: unknown) => console.error(error))]);
  const { disconnectDb } = await import("@/lib/db/client");
  await disconnectDb().catch(() => {});
  await embedded?.stop();
  say("stopped");
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0, "SIGINT"));
process.on("SIGTERM", () => void shutdown(0, "SIGTERM"));
process.on("SIGHUP", () => void shutdown(0, "SIGHUP"));
// Started by npm (or a shell) that then went away without passing the signal on: the launcher
// is re-parented and stops too, instead of serving and delivering on as an orphan.
const parent = process.ppid;
if (parent !== 1) {
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0, "parent process exited");
  }, 500).unref();
}

// Tell the user where to go once the server answers.
for (let i = 0; i < 600 && !stopping; i++) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    if (res.ok) {
      say(`ready: ${appUrl}`);
      // Repeated under "ready", the line a person starting the server reads last.
      const { warnIfLocalModeInProduction } = await import("./lib/warn-local-mode");
      warnIfLocalModeInProduction();
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
