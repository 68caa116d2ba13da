import type { Tx } from "@/lib/db/client";

/** Events of one account, each a contact and an event name; a contact appears at most once. */
export interface ContactEventKeys {
  accountId: string;
  contactIds: string[];
  names: string[];
  at: Date;
}

/**
 * One statement: ends as converted every active run of each contact in the account's
 * automations whose goal is that contact's event, wherever the run is (the goal index, then the
 * contact's enrollments by automation). Returns the runs it ended. A contact appears once in
 * the events, so each run matches at most one of them.
 */
export async function convertGoalRunsSql(
  tx: Tx,
  o: ContactEventKeys,
): Promise<{ id: string; automationId: string; contactId: string; enrolledAt: Date; isTest: boolean }[]> {
  return tx.$queryRaw<{ id: string; automationId: string; contactId: string; enrolledAt: Date; isTest: boolean }[]>`
    UPDATE "Enrollment" e SET status = 'completed', outcome = 'converted', "completedAt" = ${o.at}, "nextStepAt" = NULL,
      "waitingEvent" = NULL, "waitingForCreditsSince" = NULL, "updatedAt" = ${o.at}
    FROM "Automation" a, unnest(${o.contactIds}::text[], ${o.names}::text[]) AS ev("contactId", name)
    WHERE a."accountId" = ${o.accountId} AND a."goalEventName" = ev.name
      AND e."automationId" = a.id AND e."contactId" = ev."contactId" AND e.status = 'active'
    RETURNING e.id, e."automationId", e."contactId", e."enrolledAt", e."isTest"`;
}

/**
 * One statement: each contact's active runs waiting for its event (the index on account,
 * waited event and contact) stop waiting and are due now; the engine then takes their
 * event_received path. Returns each run with the wait it was at.
 */
export async function resumeWaitingRunsSql(tx: Tx, o: ContactEventKeys): Promise<{ id: string; accountId: string; stepKey: string }[]> {
  return tx.$queryRaw<{ id: string; accountId: string; stepKey: string }[]>`
    UPDATE "Enrollment" e SET "waitingEvent" = NULL, "nextStepAt" = ${o.at}, "updatedAt" = ${o.at}
    FROM unnest(${o.contactIds}::text[], ${o.names}::text[]) AS ev("contactId", name)
    WHERE e."accountId" = ${o.accountId} AND e."waitingEvent" = ev.name AND e."contactId" = ev."contactId" AND e.status = 'active'
    RETURNING e.id, e."accountId", e."stepKey"`;
}
