import { hotTransaction } from "@/lib/db/hot-query";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { logger } from "@/lib/log/logger";
import { announceJobs, buildJobRows } from "@/lib/jobs/enqueue-jobs";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { runAdvanceDedupeKey } from "@/lib/automations/journeys/advance-runs-sql";
import { triggerMatches } from "@/lib/automations/triggers/trigger-matches";
import { automationsForEventsSql, insertDedupedJobsSql, recordPlainEventsSql } from "./record-plain-events-sql";
import type { EventToRecord, RecordedEvent } from "./record-events";

/**
 * The batch twin of recordEvents for the common event: one without properties, for a contact
 * that exists, whose name neither starts an active automation nor is any automation's goal.
 * Such an event changes no contact, starts and converts no run and is checked against no
 * schema (an empty payload passes every one): it is stored and resumes the runs waiting for it,
 * which is all recordEvents would do. A group of them costs five statements on one connection,
 * without Prisma's per-row work. Returns each event's outcome, or null for one that is not
 * plain (or whose contact does not exist yet): the caller records those through recordEvents.
 * The resumed runs' jobs are announced after the commit, so a poller takes them at once.
 */
export async function recordPlainEvents(accountId: string, events: EventToRecord[]): Promise<(RecordedEvent | null)[]> {
  const outcomes: (RecordedEvent | null)[] = events.map(() => null);
  const jobs = await hotTransaction(async (query) => {
    const automations = await automationsForEventsSql(query, accountId);
    const goals = new Set(automations.map((a) => a.goalEventName));
    const triggers = automations.filter((a) => a.status === "active");
    const plain = events
      .map((event, index) => ({ index, email: event.input.email, name: event.input.name, id: newId("cev") }))
      .filter(({ index, name }) => {
        if (Object.keys(events[index].input.properties ?? {}).length || goals.has(name)) return false;
        return !triggers.some((a) => triggerMatches(a.triggerType, a.triggerConfig, { type: "event", name }));
      });
    if (!plain.length) return [];
    const at = now();
    const { events: stored, resumed } = await recordPlainEventsSql(query, {
      accountId,
      emails: plain.map((e) => e.email),
      names: plain.map((e) => e.name),
      ids: plain.map((e) => e.id),
      at,
    });
    for (const event of plain) {
      const contactId = stored.get(event.id);
      if (contactId) outcomes[event.index] = { id: event.id, contactId, enrollments: 0 };
    }
    const rows = buildJobRows(
      advanceEnrollmentJob,
      resumed.map((run) => ({ payload: { enrollmentId: run.id }, runAt: at })),
      { accountId },
    ).map((row, i) => ({ ...row, dedupeKey: runAdvanceDedupeKey(resumed[i].id, resumed[i].stepKey, at) }));
    const added = new Set(await insertDedupedJobsSql(query, rows));
    return rows.filter((row) => added.has(row.id));
  });
  // Committed: the events are recorded whatever happens here (a job not announced is taken by
  // the poller's next pass or the sweeper's drain).
  await announceJobs(jobs).catch((error: unknown) => logger().warn({ err: error }, "events: announcing resumed runs failed"));
  return outcomes;
}
