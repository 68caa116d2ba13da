import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { WORKER_NODE_FLAGS } from "../lib/worker-node-flags";

/** What `npm run worker` runs. */
const WORKER_ENTRY = path.join("scripts", "run-worker.mjs");

/**
 * The worker as production runs it (`npm run worker`: scripts/run-worker.mjs bundles
 * scripts/worker.ts and runs the bundle with plain node) in a child process against
 * DATABASE_URL, resolved once it is running; with the SMTP relay on, as production has it (on a
 * free port here). Its memory is read from /proc/<pid>/status (Linux): VmRSS now, VmHWM the peak
 * over its life. BENCH_WORKER_ENTRY runs another entry with plain node instead (the image's
 * .image/dist/worker.mjs from `npm run build:image`). BENCH_WORKER_NODE_ARGS adds node flags
 * (e.g. `--max-old-space-size=128`, `--heap-prof`).
 */
export async function startWorkerProcess(env: Record<string, string>) {
  const smtpPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  // The production worker's V8 limits first (as `npm run worker` has them); BENCH_WORKER_NODE_ARGS after, so it can override them.
  const nodeArgs = [...WORKER_NODE_FLAGS, ...(process.env.BENCH_WORKER_NODE_ARGS?.split(" ").filter(Boolean) ?? [])];
  // BENCH_WORKER_ENTRY: another entry (the image's dist/worker.mjs) run by plain node instead.
  const entry = path.resolve(process.env.BENCH_WORKER_ENTRY ?? WORKER_ENTRY);
  const worker = spawn(process.execPath, [...nodeArgs, entry], {
    env: { ...process.env, SMTP_PORT: String(smtpPort), INBOUND_SMTP_PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => worker.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    let out = "";
    worker.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("running against")) resolve();
    });
    void exited.then((code) => reject(new Error(`the worker exited with ${code}`)));
  });
  const statusKb = (field: "VmRSS" | "VmHWM") => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${worker.pid}/status`, "utf8"));
    if (!match) throw new Error(`no ${field} in /proc/${worker.pid}/status`);
    return Number(match[1]);
  };
  return {
    pid: worker.pid!,
    rssMb: () => statusKb("VmRSS") / 1024,
    peakRssMb: () => statusKb("VmHWM") / 1024,
    /** SIGTERM, as a deploy stops it; resolves with its exit code. */
    async stop() {
      worker.kill("SIGTERM");
      return exited;
    },
  };
}
