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
