import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A test that starts the operator CLI: a tsx process of its own, as an operator runs it, which
 * imports most of lib/ and connects to the test's database. That takes about 3 s on an idle
 * machine, and over 30 s beside the e2e tier on 2 cores, where a 60 s test spawning it twice ran
 * out of time.
 */
export const CLI_TEST_TIMEOUT = 180_000;

/** Runs `npm run cli -- <args>` (scripts/cli.ts) with the test's environment plus `env`; rejects on a non-zero exit. */
export function runCli(args: string[], env: Record<string, string> = {}) {
  return run("node_modules/.bin/tsx", ["scripts/cli.ts", ...args], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    timeout: CLI_TEST_TIMEOUT - 30_000,
  });
}
