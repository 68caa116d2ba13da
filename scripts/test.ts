// npm test: types and lint first (tsc --noEmit and eslint, side by side), then all three tiers
// in order (unit, integration, e2e), then one closing line with the totals so a reader (or CI)
// sees at a glance what ran. Exits non-zero if a check or any tier failed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const out = path.resolve(".test-results");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name: string) => path.resolve("node_modules", ".bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

function tier(name: string, command: string, args: string[], extraEnv: Record<string, string>, count: () => void) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) exitCode = 1;
  try {
    count();
  } catch {
    failed += 1; // the tier did not even report: count it as a failure
    exitCode = 1;
  }
}

// The static checks run at once (each mostly uses one core); their output is printed
// whole, one after the other, so it does not interleave.
function check(name: string, args: string[]): Promise<{ name: string; ok: boolean; output: string }> {
  return new Promise((done) => {
    const child = spawn(bin(args[0]), args.slice(1), { env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => done({ name, ok: false, output: String(error) }));
    child.on("close", (code) => done({ name, ok: code === 0, output }));
  });
}

const checks = await Promise.all([
  check("types", ["tsc", "--noEmit"]),
  check("lint", ["eslint", "--cache", "--cache-location", "node_modules/.cache/eslint/", "."]),
  check("format", ["prettier", "--check", "--log-level", "warn", "."]),
]);
for (const result of checks) {
  console.log(`\n=== ${result.name} ===`);
  process.stdout.write(result.output || "no problems\n");
  if (!result.ok) exitCode = 1;
}

const vitestReport = (file: string) => () => {
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
};

for (const project of ["unit", "integration"]) {
  const file = path.join(out, `${project}.json`);
  tier(
    project,
    bin("vitest"),
    ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`],
    {},
    vitestReport(file),
  );
}

const e2eFile = path.join(out, "e2e.json");
// The types were checked above (tsc --noEmit): the e2e tier's build (npm start builds when the
// sources changed) need not check them again.
const e2eEnv = { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile, MAILWRIGHT_BUILD_SKIP_TYPECHECK: "1" };
tier("e2e", bin("playwright"), ["test", "--reporter=list,json"], e2eEnv, () => {
  if (!existsSync(e2eFile)) throw new Error("no e2e report");
  const s = JSON.parse(readFileSync(e2eFile, "utf8")).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
});

console.log(`\nChecks: ${checks.map((result) => `${result.name} ${result.ok ? "passed" : "FAILED"}`).join(", ")}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode || (failed ? 1 : 0));
