import { createHash } from "node:crypto";

/**
 * The variant a run takes at a split: chosen by weight from a hash of the run and the step,
 * so the same run always gets the same variant (a retried step never changes its mind).
 */
export function pickVariant(runId: string, stepKey: string, variants: { name: string; weight: number }[]): string {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  const point = (createHash("sha256").update(`${runId}:${stepKey}`).digest().readUInt32BE(0) / 2 ** 32) * total;
  let upTo = 0;
  for (const v of variants) {
    upTo += v.weight;
    if (point < upTo) return v.name;
  }
  return variants[variants.length - 1].name;
}
