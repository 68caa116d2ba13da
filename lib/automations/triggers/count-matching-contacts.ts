import { getDb } from "@/lib/db/client";
import { getAutomationOrThrow } from "../get-automation-or-throw";
import { existingMatchFor } from "../enrollments/enroll-existing-contacts";
import { countExistingMatches } from "../enrollments/enroll-existing-sql";
import { countSegmentEntrants } from "./check-segment-entries";

/**
 * How many contacts an activation with enrollExisting would enroll right now (the builder's
 * activate dialog shows it). `supported: false` for triggers that match nobody that way.
 */
export async function countMatchingContacts(options: { accountId: string; automationId: string }) {
  const automation = await getAutomationOrThrow({ accountId: options.accountId, id: options.automationId });
  if (automation.triggerType === "segment_entry") {
    const segmentId = (automation.triggerConfig as { segmentId?: string }).segmentId;
    const segment = await getDb().contactList.findFirst({ where: { id: segmentId, accountId: options.accountId }, select: { id: true } });
    return { count: segment ? await countSegmentEntrants({ ...automation, accountId: options.accountId }) : 0, supported: true };
  }
  const match = existingMatchFor(automation.triggerType, automation.triggerConfig);
  if (!match) return { count: 0, supported: false };
  const count = await countExistingMatches(getDb(), { accountId: options.accountId, automationId: automation.id, match });
  return { count, supported: true };
}
