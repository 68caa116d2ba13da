import { createHash } from "node:crypto";
import { variantName, type AbTest } from "./ab-test-schema";

/**
 * Where a member falls in a broadcast's A/B test: its variant ("A", "B", ...) in the test
 * group, or null for the rest. A hash of (broadcast id, contact id) mapped to [0, 1): below
 * sharePercent / 100 is the test group, whose range is cut into equal parts, one per variant.
 * Nothing is stored, so a run again after a crash picks the same people and variants; each
 * member is in the group with that probability, so the group is sharePercent of the audience on
 * average, not exactly.
 */
export function abTestVariant(test: Pick<AbTest, "subjects" | "sharePercent">, broadcastId: string, contactId: string): string | null {
  const digest = createHash("sha256").update(`${broadcastId}:${contactId}`).digest();
  const u = digest.readUInt32BE(0) / 2 ** 32;
  const share = test.sharePercent / 100;
  if (u >= share) return null;
  const variants = test.subjects.length + 1;
  return variantName(Math.min(variants - 1, Math.floor((u / share) * variants)));
}
