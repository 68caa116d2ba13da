/**
 * A V8 CPU profile of this process from now to `stop()`, written to `file` (a .cpuprofile for
 * Chrome's DevTools or speedscope); nothing when no file is given. Unlike `node --cpu-prof` it
 * covers only the measured window, not the setup and the baselines.
 */
export async function startCpuProfile(file: string | undefined) {
  if (!file) return { stop: async () => {} };
  const { Session } = await import("node:inspector/promises");
  const { writeFileSync } = await import("node:fs");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** Counts the statements this process sends to PostgreSQL (pg's Client.query) until `stop()`. */
export async function countStatements() {
  const pg = (await import("pg")).default;
  const query = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return {
    stop() {
      pg.Client.prototype.query = query;
      return count;
    },
  };
}
