import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { supervise, type Supervisor } from "./supervise";

// A tiny child: it appends its pid to a file, then exits with EXIT_CODE, or stays up when the
// file already lists STAY_AFTER starts.
const CHILD = `
const fs = require("node:fs");
const file = process.env.STARTS_FILE;
fs.appendFileSync(file, process.pid + "\\n");
const starts = fs.readFileSync(file, "utf8").trim().split("\\n").length;
if (starts > Number(process.env.STAY_AFTER)) { setInterval(() => {}, 1000); }
else process.exit(Number(process.env.EXIT_CODE));
`;

let running: Supervisor | undefined;
afterEach(async () => {
  await running?.stop(2000);
  running = undefined;
});

function setup(env: { EXIT_CODE: number; STAY_AFTER: number }) {
  const dir = mkdtempSync(path.join(tmpdir(), "supervise-"));
  const startsFile = path.join(dir, "starts");
  const lines: string[] = [];
  let gaveUp: number | undefined;
  const start = () =>
    spawn(process.execPath, ["-e", CHILD], {
      stdio: "ignore",
      env: { ...process.env, STARTS_FILE: startsFile, EXIT_CODE: String(env.EXIT_CODE), STAY_AFTER: String(env.STAY_AFTER) },
    });
  const starts = () => (existsSync(startsFile) ? readFileSync(startsFile, "utf8").trim().split("\n").length : 0);
  return {
    start,
    starts,
    lines,
    log: (line: string) => lines.push(line),
    gaveUp: () => gaveUp,
    onGiveUp: (code: number) => (gaveUp = code),
    startsFile,
  };
}

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Each test spawns node children; on a loaded machine that alone can pass the 5 s default.
describe("supervise", { timeout: 30_000 }, () => {
  it("restarts a child that exits, logging the exit code, and keeps the healthy one", async () => {
    const t = setup({ EXIT_CODE: 3, STAY_AFTER: 2 });
    running = supervise({ name: "web server", start: t.start, log: t.log, onGiveUp: t.onGiveUp, backoffMs: () => 20 });
    await until(() => t.starts() === 3);
    const third = running.child;
    await until(() => third.pid !== undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.starts()).toBe(3);
    expect(third.exitCode).toBeNull();
    expect(t.lines).toEqual([
      "web server exited (exit code 3); restarting in 20 ms (crash 1 of 5 allowed in 60 s)",
      "web server exited (exit code 3); restarting in 20 ms (crash 2 of 5 allowed in 60 s)",
    ]);
    expect(t.gaveUp()).toBeUndefined();
  });

  it("restarts a child killed by a signal (the OOM killer's SIGKILL) and names the signal", async () => {
    const t = setup({ EXIT_CODE: 0, STAY_AFTER: 0 });
    running = supervise({ name: "web server", start: t.start, log: t.log, onGiveUp: t.onGiveUp, backoffMs: () => 20 });
    await until(() => t.starts() === 1);
    const first = running.child;
    first.kill("SIGKILL");
    await until(() => t.starts() === 2);
    expect(running.child).not.toBe(first);
    expect(t.lines).toEqual(["web server exited (killed by SIGKILL); restarting in 20 ms (crash 1 of 5 allowed in 60 s)"]);
  });

  it("gives up after too many crashes in the window", async () => {
    const t = setup({ EXIT_CODE: 7, STAY_AFTER: 1000 });
    running = supervise({ name: "web server", start: t.start, log: t.log, onGiveUp: t.onGiveUp, maxCrashes: 2, backoffMs: () => 10 });
    await until(() => t.gaveUp() !== undefined);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.gaveUp()).toBe(7);
    expect(t.starts()).toBe(3);
    expect(t.lines.at(-1)).toBe("web server exited (exit code 7); it crashed 3 times in 60 s, giving up");
  });

  it("does not restart after a deliberate stop", async () => {
    const t = setup({ EXIT_CODE: 0, STAY_AFTER: 0 });
    const supervisor = supervise({ name: "web server", start: t.start, log: t.log, onGiveUp: t.onGiveUp, backoffMs: () => 10 });
    await until(() => t.starts() === 1);
    const child = supervisor.child;
    await supervisor.stop(2000);
    expect(child.signalCode).toBe("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    expect(t.starts()).toBe(1);
    expect(t.lines).toEqual([]);
  });
});
