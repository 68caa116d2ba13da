// npm run chaos: the chaos tier's long form at full size (below), then one line
// of figures per fault. The short forms of the same tests run in `npm test` on every run:
// faults 1, 2 and 5 in the integration tier, 3 and 4 in the e2e tier (they need the build).
//   1 worker SIGKILL x20 while 2,000 recipients (single, batch, scheduled) and 200 contacts' 3
//     automation steps each are delivered
//   2 every connection of the database terminated, repeatedly, for 10 s under the same load
//   3 SIGKILL of the whole `npm start` (embedded database) while sends are accepted, then start
//   4 SIGTERM to `npm start` within STOP_GRACE_SECONDS, then start
//   5 webhook receiver down, slow, 500s, back up; 5b 300 events of one endpoint claimed by 3
//     worker processes at once (about 100 claims): one in flight, in event order
// Faults 1 and 2 use a throwaway database on the local PostgreSQL server (CHAOS_PG_ADMIN_URL,
// default postgresql://postgres@127.0.0.1:5432/postgres), created and dropped per run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const out = path.resolve(".test-results");
mkdirSync(out, { recursive: true });
const report = path.join(out, "chaos.jsonl");
rmSync(report, { force: true });
const env = { ...process.env, CHAOS_LONG: "1", CHAOS_REPORT_FILE: report, NEXT_TELEMETRY_DISABLED: "1" };
const bin = (name: string) => path.resolve("node_modules", ".bin", name);

let failed = false;
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) failed = true;
};
run(bin("vitest"), [
  "run",
  "--project",
  "integration",
  "tests/integration/chaos-worker-kill.test.ts",
  "tests/integration/chaos-db-restart.test.ts",
  "tests/integration/chaos-webhook-flapping.test.ts",
]);
run(bin("playwright"), ["test", "e2e/chaos-launcher.spec.ts"]);

interface Figures {
  fault: string;
  accepted: number;
  delivered: number;
  deliveredTwice: number;
  lost: number;
  stuck: number;
  answered5xx: number;
  longestUnavailableMs: number;
}
const rows: Figures[] = existsSync(report)
  ? readFileSync(report, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Figures)
  : [];
rows.sort((a, b) => a.fault.localeCompare(b.fault));
const header = ["fault", "accepted", "delivered", "twice", "lost", "stuck", "5xx", "longest unavailable"];
const table = rows.map((r) => [
  r.fault,
  String(r.accepted),
  String(r.delivered),
  String(r.deliveredTwice),
  String(r.lost),
  String(r.stuck),
  String(r.answered5xx),
  `${(r.longestUnavailableMs / 1000).toFixed(1)} s`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log("\nChaos figures (expected: twice 0, lost 0, stuck 0)");
console.log(line(header));
for (const row of table) console.log(line(row));
const bad = rows.filter((r) => r.deliveredTwice || r.lost || r.stuck);
if (rows.length < 5) console.log(`only ${rows.length} of 5 faults reported figures`);
process.exit(failed || bad.length || rows.length < 5 ? 1 : 0);
