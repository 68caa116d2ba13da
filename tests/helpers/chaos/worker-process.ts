import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// The real background process (`npm run worker`, scripts/worker.ts) started as node with tsx as
// an import, so the pid we SIGKILL is the one holding the jobs.
const WORKER = path.resolve(import.meta.dirname, "../../../scripts/worker.ts");

export function startWorkerProcess(env: Record<string, string>) {
  let child: ChildProcess | undefined;
  let output = "";
  const start = () => {
    child = spawn(process.execPath, ["--import", "tsx", WORKER], {
      env: { ...process.env, SMTP_RELAY_DISABLED: "1", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (c) => (output = (output + c).slice(-20_000)));
    child.stderr!.on("data", (c) => (output = (output + c).slice(-20_000)));
  };
  const alive = () => Boolean(child && child.exitCode === null && child.signalCode === null);
  start();
  return {
    get pid() {
      return child?.pid;
    },
    output: () => output,
    /** SIGKILL, wait for the exit, run `whileDown` (no worker runs), start a fresh worker. */
    async killAndRestart(whileDown?: () => Promise<void>) {
      if (alive()) {
        const exited = new Promise((resolve) => child!.once("exit", resolve));
        child!.kill("SIGKILL");
        await exited;
      }
      try {
        await whileDown?.();
      } finally {
        start();
      }
    },
    async stop() {
      if (!alive()) return;
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child!.kill("SIGKILL");
      await exited;
    },
  };
}
