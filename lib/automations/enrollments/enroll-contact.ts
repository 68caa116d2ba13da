import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { advanceEnrollmentJob } from "./advance-enrollment-job";
import { fanOutRunEvents } from "../fan-out-run-events";

/** The advance job's dedupe key: one waiting job per enrollment, step and due time. */
export function advanceDedupeKey(enrollmentId: string, position: number, dueAt: Date): string {
  return `automation.enrollment:${enrollmentId}:${position}:${dueAt.getTime()}`;
}

/** Schedules the advance job for an enrollment's next step, inside the caller's transaction. */
export async function scheduleAdvance(tx: Tx, enrollment: { id: string; accountId: string }, position: number, dueAt: Date) {
  await enqueueJob(
    advanceEnrollmentJob,
    { enrollmentId: enrollment.id },
    {
      tx,
      runAt: dueAt,
      dedupeKey: advanceDedupeKey(enrollment.id, position, dueAt),
      accountId: enrollment.accountId,
    },
  );
}

/**
 * The generation of a contact's next run of an automation, or null when its re-entry policy
 * lets no new run start now: "never" (the default) allows only the first run; "after_exit" a
 * new one once the last has ended; "always" a new one while others go on. Either waits out the
 * cooldown after the last run began. Concurrent triggers meet on the unique (automation,
 * contact, generation), so at most one of them starts each run.
 */
async function nextGeneration(
  tx: Tx,
  automation: { id: string; reentry: string; reentryCooldownMinutes: number },
  contactId: string,
): Promise<number | null> {
  if (automation.reentry === "never") return 0;
  const last = await tx.enrollment.findFirst({
    where: { automationId: automation.id, contactId },
    orderBy: { generation: "desc" },
    select: { generation: true, status: true, enrolledAt: true },
  });
  if (!last) return 0;
  if (automation.reentry === "after_exit" && last.status === "active") return null;
  if (now().getTime() < last.enrolledAt.getTime() + automation.reentryCooldownMinutes * 60_000) return null;
  return last.generation + 1;
}

/**
 * Enrolls a contact as the automation's re-entry policy allows (once per automation by
 * default): INSERT ... ON CONFLICT DO NOTHING on the unique (automationId, contactId,
 * generation), so a repeated trigger is a no-op (null) and never aborts the caller's
 * transaction. A linear automation's step 0 is due its delay after enrollment; a journey's run
 * starts at its trigger at once.
 */
export async function enrollContact(
  tx: Tx,
  options: {
    accountId: string;
    automationId: string;
    contactId: string;
    listName: string | null;
    /** The starting event's properties, for {{event.<key>}} in this enrollment's emails. */
    eventProperties?: Record<string, unknown> | null;
    isTest?: boolean;
  },
): Promise<string | null> {
  const automation = await tx.automation.findUnique({
    where: { id: options.automationId },
    select: {
      id: true,
      reentry: true,
      reentryCooldownMinutes: true,
      triggerKey: true,
      graph: true,
      steps: { orderBy: { position: "asc" }, take: 1, select: { delayMinutes: true } },
    },
  });
  if (!automation) return null;
  const journey = automation.graph !== null;
  if (!journey && !automation.steps.length) return null;
  const generation = await nextGeneration(tx, automation, options.contactId);
  if (generation === null) return null;
  const at = now();
  const dueAt = journey ? at : new Date(at.getTime() + automation.steps[0].delayMinutes * 60_000);
  const id = newId("enr");
  const { count } = await tx.enrollment.createMany({
    data: [
      {
        id,
        accountId: options.accountId,
        automationId: options.automationId,
        contactId: options.contactId,
        status: "active",
        generation,
        nextPosition: 0,
        nextStepAt: dueAt,
        stepKey: journey ? automation.triggerKey : null,
        listName: options.listName,
        eventProperties: (options.eventProperties ?? undefined) as object | undefined,
        isTest: options.isTest ?? false,
        enrolledAt: at,
        updatedAt: at,
      },
    ],
    skipDuplicates: true,
  });
  if (!count) return null;
  await scheduleAdvance(tx, { id, accountId: options.accountId }, 0, dueAt);
  const run = { ...options, id, status: "active" as const, outcome: null, enrolledAt: at, completedAt: null };
  await fanOutRunEvents(tx, [{ type: "automation.run.started", run }], at);
  return id;
}
