import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { advanceEnrollmentJob } from "./advance-enrollment-job";

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
 * Enrolls a contact once per automation: INSERT ... ON CONFLICT DO NOTHING on the unique
 * (automationId, contactId), so a repeated trigger is a no-op (null) and never aborts the
 * caller's transaction. Step 0 is due its delay after enrollment.
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
  const first = await tx.automationStep.findFirst({
    where: { automationId: options.automationId },
    orderBy: { position: "asc" },
    select: { delayMinutes: true },
  });
  if (!first) return null;
  const at = now();
  const dueAt = new Date(at.getTime() + first.delayMinutes * 60_000);
  const id = newId("enr");
  const { count } = await tx.enrollment.createMany({
    data: [
      {
        id,
        accountId: options.accountId,
        automationId: options.automationId,
        contactId: options.contactId,
        status: "active",
        nextPosition: 0,
        nextStepAt: dueAt,
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
  return id;
}
