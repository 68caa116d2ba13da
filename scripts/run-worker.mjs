// npm run worker: scripts/worker.ts bundled (about a second), then run in this process with
// plain node, as the container image runs its dist/worker.mjs. Run through tsx, the same worker
// held about 45 MB more: the TypeScript loader's own thread and heap, and every module's
// source kept twice. Each process bundles into a directory of its own under node_modules (the
// bundle loads PGlite from there), removed when it exits; a directory whose process is gone is
// removed by the next start. Where the bundle cannot be made or written, the worker runs
// through tsx as before.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleEntries } from "./lib/bundle-entries.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundles = path.join(root, "node_modules", ".cache", "mailwright-worker");

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};

async function bundleWorker() {
  mkdirSync(bundles, { recursive: true });
  for (const name of readdirSync(bundles)) {
    const pid = Number(name);
    if (pid === process.pid || !(Number.isInteger(pid) && alive(pid))) rmSync(path.join(bundles, name), { recursive: true, force: true });
  }
  const dir = path.join(bundles, String(process.pid));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  await bundleEntries({ worker: path.join(root, "scripts", "worker.ts") }, dir);
  return path.join(dir, "worker.mjs");
}

let entry;
try {
  entry = await bundleWorker();
} catch (error) {
  console.warn(`[mailwright worker] could not bundle the worker (${error.message}); running it through tsx`);
  const { register } = await import("tsx/esm/api");
  register();
  entry = path.join(root, "scripts", "worker.ts");
}
await import(pathToFileURL(entry).href);
