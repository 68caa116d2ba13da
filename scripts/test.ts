// npm test: types, lint and format (side by side), then the unit tier, then the integration
// tier, while the e2e tier runs beside them from the end of the type check; then one closing
// line with the totals so a reader (or CI) sees at a glance what ran. Exits non-zero if a check
// or any tier failed.
//
// The e2e tier is the longest (a production build, then a browser against the server), and the
// tiers spend much of their time waiting (timers, polls, a browser): one after the other they
// used under half of one core on average. The e2e tier has its own database (a data directory)
// and its own ports, so it starts early and the rest runs beside it; its output is held until
// the others have printed theirs, then streamed. MAILWRIGHT_TEST_SERIAL=1 runs everything one
// after the other, the e2e tier last.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureTestPackages } from "./lib/system-packages";

const packagesMissing = ensureTestPackages();
if (packagesMissing) console.log(`\n${packagesMissing}; the tests that need them fail or are skipped\n`);

const out = path.resolve(".test-results");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name: string) => path.resolve("node_modules", ".bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

interface TierRun {
  name: string;
  /** Resolves when the tier ends; `ok` is false if its process failed. */
  done: Promise<boolean>;
  /** Prints what the tier wrote so far (or `ifSilent`) and everything it writes from now on. */
  release: (ifSilent?: string) => void;
}

/** Starts a tier (or a check); its output is held until `release` (at once when `live`). */
function startTier(name: string, command: string, args: string[], extraEnv: Record<string, string>, live: boolean): TierRun {
  const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  let held: Buffer[] | null = live ? null : [];
  const write = (chunk: Buffer) => (held ? held.push(chunk) : process.stdout.write(chunk));
  if (live) console.log(`\n=== ${name} ===`);
  child.stdout.on("data", write);
  child.stderr.on("data", write);
  const done = new Promise<boolean>((resolve) => {
    child.on("error", (error) => {
      write(Buffer.from(`${String(error)}\n`));
      resolve(false);
    });
    child.on("close", (code) => resolve(code === 0));
  });
  const release = (ifSilent = "") => {
    if (!held) return;
    console.log(`\n=== ${name} ===`);
    if (!held.length) process.stdout.write(ifSilent);
    for (const chunk of held) process.stdout.write(chunk);
    held = null;
  };
  return { name, done, release };
}

/** Waits for a tier, then adds its report to the totals; false if its process failed. */
async function finishTier(run: TierRun, count: () => void): Promise<boolean> {
  const ok = await run.done;
  run.release();
  if (!ok) exitCode = 1;
  try {
    count();
  } catch {
    failed += 1; // the tier did not even report: count it as a failure
    exitCode = 1;
  }
  return ok;
}

const e2eFile = path.join(out, "e2e.json");
// The e2e tier's build (npm start builds when the sources changed) does not check the types:
// tsc --noEmit below does.
const e2eEnv = { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile, MAILWRIGHT_BUILD_SKIP_TYPECHECK: "1" };
const countE2e = () => {
  if (!existsSync(e2eFile)) throw new Error("no e2e report");
  const s = JSON.parse(readFileSync(e2eFile, "utf8")).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
};
const startE2e = () => startTier("e2e", bin("playwright"), ["test", "--reporter=list,json"], e2eEnv, false);

/**
 * A failed e2e test leaves the page as the browser saw it (its accessibility tree) in
 * test-results/<test>/error-context.md, which the list reporter only names: printed here, so a
 * failure on a machine whose files are gone afterwards (CI) can still be read.
 */
function printE2eFailurePages() {
  const dir = path.resolve("test-results");
  if (!existsSync(dir)) return;
  for (const test of readdirSync(dir)) {
    const file = path.join(dir, test, "error-context.md");
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const cap = 20_000;
    console.log(`\n=== e2e page at the failure: ${test} ===\n${text.slice(0, cap)}${text.length > cap ? "\n[cut]" : ""}`);
  }
}
const serial = process.env.MAILWRIGHT_TEST_SERIAL === "1";
let e2eAlongside: TierRun | null = null;

// The static checks run at once (each mostly uses one core); their output is printed
// whole, one after the other, so it does not interleave.
const checks = [
  startTier("types", bin("tsc"), ["--noEmit"], {}, false),
  startTier("lint", bin("eslint"), ["--cache", "--cache-location", "node_modules/.cache/eslint/", "."], {}, false),
  startTier("format", bin("prettier"), ["--check", "--log-level", "warn", "."], {}, false),
];
const checked: { name: string; ok: boolean }[] = [];
for (const run of checks) {
  const ok = await run.done;
  run.release("no problems\n");
  checked.push({ name: run.name, ok });
  if (!ok) exitCode = 1;
  // tsc reads .next/types, which the e2e tier's build writes: the build starts once tsc is done.
  if (run === checks[0] && !serial) e2eAlongside = startE2e();
}

const vitestReport = (file: string) => () => {
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
};

const vitestTier = (project: string) => {
  const file = path.join(out, `${project}.json`);
  const args = ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`];
  return { args, count: vitestReport(file) };
};

const unit = vitestTier("unit");
await finishTier(startTier("unit", bin("vitest"), unit.args, {}, true), unit.count);

const integration = vitestTier("integration");
await finishTier(startTier("integration", bin("vitest"), integration.args, {}, true), integration.count);
if (!(await finishTier(e2eAlongside ?? startE2e(), countE2e))) printE2eFailurePages();

console.log(`\nChecks: ${checked.map((result) => `${result.name} ${result.ok ? "passed" : "FAILED"}`).join(", ")}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode || (failed ? 1 : 0));
