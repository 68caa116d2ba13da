import { startWorkerProcess } from "./worker-process";

/**
 * A burst through the worker as production runs it (scripts/worker.ts in its own process with
 * every job): the worker started and idle, then `makeDue` commits the work as due at once, and
 * the burst lasts until `busy()` is false. Seconds from that commit, and the worker's RSS read
 * from /proc: idle, sampled peak (every 100 ms), at the end and VmHWM. The worker is left
 * running for what follows; `stop()` ends it.
 */
export async function workerBurst(options: { env: Record<string, string>; makeDue: () => Promise<unknown>; busy: () => Promise<boolean> }) {
  const worker = await startWorkerProcess(options.env);
  await new Promise((r) => setTimeout(r, 2000));
  const rssIdleMb = worker.rssMb();
  await options.makeDue();
  const started = performance.now();
  let peakRssMb = rssIdleMb;
  const sample = setInterval(() => (peakRssMb = Math.max(peakRssMb, worker.rssMb())), 100);
  while (await options.busy()) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sample);
  return { seconds, rssIdleMb, peakRssMb, rssEndMb: worker.rssMb(), hwmMb: worker.peakRssMb(), stop: () => worker.stop() };
}
