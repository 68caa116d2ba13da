import type { ChildProcess } from "node:child_process";

// Keeps a child process (the Next server) running: when it dies on its own (a crash, the OOM
// killer) the reason is logged and it is started again after a growing pause; only a child that
// keeps dying (more than maxCrashes within windowMs) makes the supervisor give up. stop() is the
// deliberate shutdown: no restart after it. It knows nothing about Next, so it applies to
// whatever `start` spawns.

export interface SuperviseOptions {
  /** How the child is named in the log ("web server"). */
  name: string;
  /** Spawns a fresh child; called once now and again on each restart. */
  start: () => ChildProcess;
  log: (line: string) => void;
  /** Called once when the child crashed more than maxCrashes times within windowMs. */
  onGiveUp: (code: number) => void;
  maxCrashes?: number;
  windowMs?: number;
  /** Pause before the restart after the n-th crash in the window (1-based). */
  backoffMs?: (crash: number) => number;
}

export interface Supervisor {
  /** The child running now (a new object after each restart). */
  readonly child: ChildProcess;
  /** Stops the child for good: SIGTERM, then SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<void>;
}

const defaultBackoff = (crash: number) => Math.min(500 * 2 ** (crash - 1), 10_000);

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export function supervise(options: SuperviseOptions): Supervisor {
  const { name, log, maxCrashes = 5, windowMs = 60_000, backoffMs = defaultBackoff } = options;
  const crashes: number[] = [];
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let child: ChildProcess;

  const run = () => {
    const proc = options.start();
    child = proc;
    proc.on("error", (error) => log(`${name}: ${error.message}`));
    proc.once("exit", (code, signal) => {
      if (stopping || proc !== child) return;
      const reason = signal ? `killed by ${signal}` : `exit code ${code}`;
      const at = Date.now();
      crashes.push(at);
      while (crashes[0] <= at - windowMs) crashes.shift();
      if (crashes.length > maxCrashes) {
        log(`${name} exited (${reason}); it crashed ${crashes.length} times in ${windowMs / 1000} s, giving up`);
        options.onGiveUp(code ?? 1);
        return;
      }
      const wait = backoffMs(crashes.length);
      log(
        `${name} exited (${reason}); restarting in ${wait} ms (crash ${crashes.length} of ${maxCrashes} allowed in ${windowMs / 1000} s)`,
      );
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (!stopping) run();
      }, wait);
    });
  };
  run();

  return {
    get child() {
      return child;
    },
    async stop(graceMs = 10_000) {
      stopping = true;
      clearTimeout(restartTimer);
      const proc = child;
      if (exited(proc)) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => proc.kill("SIGKILL"), graceMs);
        proc.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        proc.kill("SIGTERM");
      });
    },
  };
}
