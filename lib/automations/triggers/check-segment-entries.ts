import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { logger } from "@/lib/log/logger";
import { ApiError } from "@/lib/api/errors";
import { compileAccountFilter, withFilterTimeout } from "@/lib/segments/segment-members-sql";
import { enrollContact } from "../enrollments/enroll-contact";
import type { SegmentEntryConfig } from "../schemas";
import {
  COUNT_PREDICATE_FIRST_PARAM,
  countSegmentEntrantsSql,
  markEntriesStartedSql,
  RECORD_PREDICATE_FIRST_PARAM,
  recordSegmentMembersSql,
  takePendingEntriesSql,
} from "./segment-entries-sql";

// The segment_entry trigger: a contact who starts to match the automation's segment (joins a
// list, or comes to match a filtered segment's rule) starts a run, as the automation's re-entry
// policy allows. Each pass compares the members with those recorded at the last one.

/** Automations compared per scheduled pass, the longest unchecked first. */
export const SEGMENT_PASS_AUTOMATIONS = 100;
/** Entries taken per automation per pass; the rest start at the next pass. */
export const SEGMENT_PASS_STARTS = 2000;
/** Runs started per transaction. */
const START_PAGE = 200;

export interface SegmentPassSummary {
  automations: number;
  entered: number;
  left: number;
  started: number;
}

/**
 * One pass over the active segment_entry automations (or the one named): records who entered
 * and who left each one's segment, then starts the runs of those who entered. An automation
 * whose filter fails (its segment gone, or too costly to read in SEGMENT_QUERY_TIMEOUT_MS) is
 * logged and skipped; the others go on.
 */
export async function checkSegmentEntries(options: { automationId?: string } = {}): Promise<SegmentPassSummary> {
  const automations = await getDb().automation.findMany({
    where: { status: "active", triggerType: "segment_entry", ...(options.automationId ? { id: options.automationId } : {}) },
    select: { id: true, accountId: true, triggerConfig: true, segmentSeededAt: true },
    orderBy: [{ segmentCheckedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    take: SEGMENT_PASS_AUTOMATIONS,
  });
  const summary: SegmentPassSummary = { automations: automations.length, entered: 0, left: 0, started: 0 };
  for (const automation of automations) {
    try {
      const recorded = await recordMembers(automation);
      summary.entered += recorded.entered;
      summary.left += recorded.left;
      summary.started += await startEnteredRuns(automation);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      logger().warn({ automationId: automation.id, err: error.message }, "segment_entry pass skipped an automation");
      await getDb().automation.update({ where: { id: automation.id }, data: { segmentCheckedAt: now() } });
    }
  }
  return summary;
}

type SegmentAutomation = { id: string; accountId: string; triggerConfig: unknown; segmentSeededAt: Date | null };

const segmentRule = (automation: { triggerConfig: unknown }) =>
  ({ type: "segment", segmentId: (automation.triggerConfig as SegmentEntryConfig).segmentId }) as const;

/**
 * The members' comparison, in one statement under the filter timeout. The first pass after an
 * activation records the members without starting anyone (they were there already), unless the
 * activation asked for them (segmentSeededAt set by it).
 */
async function recordMembers(automation: SegmentAutomation) {
  const predicate = await compileAccountFilter(automation.accountId, segmentRule(automation), RECORD_PREDICATE_FIRST_PARAM);
  const at = now();
  const counts = await withFilterTimeout(
    async (client) => {
      // One pass per automation at a time: a second one (scheduled beside an activation's) skips it.
      const { rows } = await client.query<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS got`, [
        `segment_entry:${automation.id}`,
      ]);
      if (!rows[0]?.got) return { left: 0, entered: 0 };
      const counts = await recordSegmentMembersSql(client, {
        accountId: automation.accountId,
        automationId: automation.id,
        at,
        seeded: automation.segmentSeededAt !== null,
        predicate,
      });
      await client.query(
        `UPDATE "Automation" SET "segmentCheckedAt" = $2, "segmentSeededAt" = COALESCE("segmentSeededAt", $2) WHERE id = $1`,
        [automation.id, at],
      );
      return counts;
    },
    { writes: true },
  );
  return counts;
}

/** Starts the runs of the members who entered, up to SEGMENT_PASS_STARTS, a page per transaction. */
async function startEnteredRuns(automation: SegmentAutomation): Promise<number> {
  const segment = await getDb().contactList.findFirst({
    where: { id: segmentRule(automation).segmentId, accountId: automation.accountId },
    select: { name: true },
  });
  let started = 0;
  for (let taken = 0; taken < SEGMENT_PASS_STARTS;) {
    const page = await getDb().$transaction(async (tx) => {
      // Still active (a pause waits for this page, and the next page sees it).
      const live = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Automation" WHERE id = ${automation.id} AND status = 'active' FOR SHARE`;
      if (!live.length) return { taken: 0, started: 0 };
      const pending = await takePendingEntriesSql(tx, { automationId: automation.id, limit: START_PAGE });
      let runs = 0;
      for (const { contactId } of pending) {
        const id = await enrollContact(tx, {
          accountId: automation.accountId,
          automationId: automation.id,
          contactId,
          listName: segment?.name ?? null,
        });
        if (id) runs++;
      }
      await markEntriesStartedSql(tx, { automationId: automation.id, contactIds: pending.map((p) => p.contactId), at: now() });
      return { taken: pending.length, started: runs };
    });
    started += page.started;
    taken += page.taken;
    if (page.taken < START_PAGE) break;
  }
  return started;
}

/** How many of the segment's members an enrollExisting activation would start now (not yet enrolled). */
export async function countSegmentEntrants(automation: { id: string; accountId: string; triggerConfig: unknown }): Promise<number> {
  const predicate = await compileAccountFilter(automation.accountId, segmentRule(automation), COUNT_PREDICATE_FIRST_PARAM);
  return withFilterTimeout((client) =>
    countSegmentEntrantsSql(client, { accountId: automation.accountId, automationId: automation.id, predicate }),
  );
}
