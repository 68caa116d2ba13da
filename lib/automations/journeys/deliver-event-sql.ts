import type { Tx } from "@/lib/db/client";

/**
 * One statement: ends as converted every active run of the contact in the account's
 * automations whose goal is this event, wherever the run is (the goal index, then the
 * contact's enrollments by automation). Returns the runs it ended.
 */
export async function convertGoalRunsSql(
  tx: Tx,
  o: { accountId: string; contactId: string; name: string; at: Date },
): Promise<{ id: string; automationId: string; enrolledAt: Date; isTest: boolean }[]> {
  return tx.$queryRaw<{ id: string; automationId: string; enrolledAt: Date; isTest: boolean }[]>`
    UPDATE "Enrollment" e SET status = 'completed', outcome = 'converted', "completedAt" = ${o.at}, "nextStepAt" = NULL,
      "waitingEvent" = NULL, "waitingForCreditsSince" = NULL, "updatedAt" = ${o.at}
    FROM "Automation" a
    WHERE a."accountId" = ${o.accountId} AND a."goalEventName" = ${o.name}
      AND e."automationId" = a.id AND e."contactId" = ${o.contactId} AND e.status = 'active'
    RETURNING e.id, e."automationId", e."enrolledAt", e."isTest"`;
}

/**
 * One statement: the contact's active runs waiting for this event (the index on account,
 * waited event and contact) stop waiting and are due now; the engine then takes their
 * event_received path. Returns each run with the wait it was at.
 */
export async function resumeWaitingRunsSql(
  tx: Tx,
  o: { accountId: string; contactId: string; name: string; at: Date },
): Promise<{ id: string; accountId: string; stepKey: string }[]> {
  return tx.$queryRaw<{ id: string; accountId: string; stepKey: string }[]>`
    UPDATE "Enrollment" SET "waitingEvent" = NULL, "nextStepAt" = ${o.at}, "updatedAt" = ${o.at}
    WHERE "accountId" = ${o.accountId} AND "waitingEvent" = ${o.name} AND "contactId" = ${o.contactId} AND status = 'active'
    RETURNING id, "accountId", "stepKey"`;
}
