import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { getEnv } from "@/lib/config/env";
import { ApiError } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { getAutomationResponse } from "./get-automation-or-throw";
import { lockAutomation } from "./lock-automation";
import { checkAutomation } from "./check-automation";
import { enrollExistingJob } from "./enrollments/enroll-existing-job";
import { enrollExistingPage, existingMatchFor } from "./enrollments/enroll-existing-contacts";
import { countExistingMatches } from "./enrollments/enroll-existing-sql";
import type { ActivateAutomationBody } from "./schemas";
import { countSegmentEntrants } from "./triggers/check-segment-entries";
import { segmentEntriesJob } from "./triggers/segment-entries-job";

/**
 * paused -> active: 400 listing every blocker of checkAutomation (no step, a step's
 * template gone, no verified sender) in `details`, and again
 * with codes and fixes in `blockers`. Already active: no-op. Without
 * `enrollExisting` nothing is backfilled: only contact events from now on enroll. With it,
 * the contacts who already match the trigger are enrolled too: in this
 * transaction up to ENROLL_EXISTING_INLINE_MAX, else by the automation.enroll-existing job.
 * `enrolled` counts them either way. A segment_entry trigger's members at activation are
 * recorded by an immediate pass of the automation.segment-entries job, which also starts them
 * under enrollExisting.
 */
export async function activateAutomation(options: { accountId: string; id: string; input?: ActivateAutomationBody }) {
  const { accountId, id } = options;
  const { enrolled, background } = await getDb().$transaction(async (tx) => {
    const status = await lockAutomation(tx, accountId, id);
    if (status === "active") return { enrolled: 0, background: false };
    const automation = await tx.automation.findUniqueOrThrow({
      where: { id },
      select: { triggerType: true, triggerConfig: true, firstActivatedAt: true },
    });
    const { blockers } = await checkAutomation(tx, accountId, id);
    if (blockers.length) {
      const details = blockers.map(({ path, message }) => ({ path, message }));
      throw new ApiError("validation_error", `cannot activate: ${details[0].message}`, details, undefined, blockers);
    }
    await tx.automation.update({
      where: { id },
      data: { status: "active", pausedReason: null, firstActivatedAt: automation.firstActivatedAt ?? now(), updatedAt: now() },
    });

    if (automation.triggerType === "segment_entry") {
      // The members are recorded afresh by a pass that runs at once: those found then were
      // there already, so they start only when enrollExisting asks for them.
      const enrollExisting = Boolean(options.input?.enrollExisting);
      await tx.segmentEntry.deleteMany({ where: { automationId: id } });
      await tx.automation.update({ where: { id }, data: { segmentSeededAt: enrollExisting ? now() : null, segmentCheckedAt: null } });
      await enqueueJob(segmentEntriesJob, { automationId: id }, { tx, accountId });
      return { enrolled: 0, background: enrollExisting };
    }
    const match = options.input?.enrollExisting ? existingMatchFor(automation.triggerType, automation.triggerConfig) : null;
    if (!match) return { enrolled: 0, background: false };
    const count = await countExistingMatches(tx, { accountId, automationId: id, match });
    if (count > getEnv().ENROLL_EXISTING_INLINE_MAX) {
      await enqueueJob(enrollExistingJob, { automationId: id }, { tx, accountId, dedupeKey: `automation.enroll-existing:${id}` });
      return { enrolled: count, background: true };
    }
    let total = 0;
    for (let afterId: string | undefined; ;) {
      const page = await enrollExistingPage(tx, { accountId, automationId: id, match, afterId });
      if (!page.lastId) break;
      total += page.enrolled;
      afterId = page.lastId;
    }
    return { enrolled: total, background: false };
  });
  const response = await getAutomationResponse({ accountId, id });
  // A segment's members are counted once the activation is committed (the count reads outside it).
  const entrants =
    response.triggerType === "segment_entry" && background
      ? await countSegmentEntrants({ id, accountId, triggerConfig: response.triggerConfig })
      : 0;
  return { ...response, enrolled: enrolled + entrants, enrollingInBackground: background };
}
