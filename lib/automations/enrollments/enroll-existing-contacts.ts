import { getDb, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { enqueueJobs } from "@/lib/jobs/enqueue-jobs";
import { advanceEnrollmentJob } from "./advance-enrollment-job";
import { selectExistingMatches, type ExistingMatch } from "./enroll-existing-sql";
import type { ListJoinConfig, PropertyEqualsConfig } from "../schemas";
import { fanOutRunEvents } from "../fan-out-run-events";

export const ENROLL_PAGE = 500;

/** What an enrollExisting activation matches for a trigger; null: nobody (property_changed, event). */
export function existingMatchFor(triggerType: string, triggerConfig: unknown): ExistingMatch | null {
  if (triggerType === "list_join") return { kind: "list", listName: (triggerConfig as ListJoinConfig).listName };
  if (triggerType === "property_equals") {
    const { property, value } = triggerConfig as PropertyEqualsConfig;
    return { kind: "property", property, value };
  }
  return null;
}

/**
 * Enrolls one page of the contacts that already match (at most ENROLL_PAGE, after `afterId`),
 * inside `tx`: the enrollments and their first advance jobs are written together. Once per
 * contact as always: an enrollment that exists (ON CONFLICT on automation + contact) is skipped.
 * Returns how many were enrolled and the last contact id seen (null when none was left).
 */
export async function enrollExistingPage(
  tx: Tx,
  o: { accountId: string; automationId: string; match: ExistingMatch; afterId?: string; limit?: number },
): Promise<{ enrolled: number; lastId: string | null }> {
  const ids = await selectExistingMatches(tx, { ...o, limit: o.limit ?? ENROLL_PAGE });
  if (!ids.length) return { enrolled: 0, lastId: null };
  const automation = await tx.automation.findUniqueOrThrow({
    where: { id: o.automationId },
    select: { graph: true, triggerKey: true, steps: { orderBy: { position: "asc" }, take: 1, select: { delayMinutes: true } } },
  });
  // A journey's run starts at its trigger at once; a linear one's first step is due its delay.
  const journey = automation.graph !== null;
  if (!journey && !automation.steps.length) return { enrolled: 0, lastId: null };
  const at = now();
  const dueAt = journey ? at : new Date(at.getTime() + automation.steps[0].delayMinutes * 60_000);
  const listName = o.match.kind === "list" ? o.match.listName : null;
  const rows = ids.map((contactId) => ({
    id: newId("enr"),
    accountId: o.accountId,
    automationId: o.automationId,
    contactId,
    status: "active" as const,
    nextPosition: 0,
    nextStepAt: dueAt,
    stepKey: journey ? automation.triggerKey : null,
    listName,
    enrolledAt: at,
    updatedAt: at,
  }));
  const created = await tx.enrollment.createManyAndReturn({ data: rows, skipDuplicates: true, select: { id: true, contactId: true } });
  await enqueueJobs(
    advanceEnrollmentJob,
    created.map((e) => ({ payload: { enrollmentId: e.id }, runAt: dueAt })),
    { tx, accountId: o.accountId },
  );
  const started = created.map((e) => ({ ...rows[0], id: e.id, contactId: e.contactId, outcome: null, completedAt: null }));
  await fanOutRunEvents(
    tx,
    started.map((run) => ({ type: "automation.run.started" as const, run })),
    at,
  );
  return { enrolled: created.length, lastId: ids[ids.length - 1] };
}

/**
 * The `automation.enroll-existing` job: pages through the matching contacts while the
 * automation stays active, one transaction per page. Safe to run again: enrolled contacts no
 * longer match.
 */
export async function enrollExistingContacts(payload: { automationId: string }) {
  const db = getDb();
  let afterId: string | undefined;
  let total = 0;
  for (;;) {
    const page = await db.$transaction(async (tx) => {
      const automation = await tx.automation.findUnique({
        where: { id: payload.automationId },
        select: { accountId: true, status: true, triggerType: true, triggerConfig: true },
      });
      if (!automation || automation.status !== "active") return null;
      const match = existingMatchFor(automation.triggerType, automation.triggerConfig);
      if (!match) return null;
      return enrollExistingPage(tx, { accountId: automation.accountId, automationId: payload.automationId, match, afterId });
    });
    if (!page?.lastId) return { enrolled: total };
    total += page.enrolled;
    afterId = page.lastId;
  }
}
