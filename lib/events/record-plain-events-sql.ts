import type { HotQuery } from "@/lib/db/hot-query";
import type { NewJobRow } from "@/lib/jobs/enqueue-jobs";
import { INSERT_JOBS_SQL } from "@/lib/jobs/insert-jobs-sql";

/** What decides whether an event of the account can go the plain way: its automations' triggers and goals. */
export interface AutomationForEvents {
  status: string;
  triggerType: string;
  triggerConfig: unknown;
  goalEventName: string | null;
}

/** The account's active automations, and every automation with a goal (a paused one's runs still convert). */
export function automationsForEventsSql(query: HotQuery, accountId: string) {
  return query<AutomationForEvents>(
    "events_automations",
    `SELECT status::text AS status, "triggerType", "triggerConfig", "goalEventName" FROM "Automation"
     WHERE "accountId" = $1 AND (status = 'active' OR "goalEventName" IS NOT NULL)`,
    [accountId],
  );
}

const RECORD_SQL = `
  WITH ev AS (
    SELECT * FROM unnest($2::text[], $3::text[], $4::text[]) AS ev(email, name, id)
  ), c AS (
    SELECT c.id, c.email FROM "Contact" c
    WHERE c."accountId" = $1 AND c.email = ANY($2::text[])
    ORDER BY c.email FOR UPDATE
  ), ins AS (
    INSERT INTO "ContactEvent" (id, "accountId", "contactId", name, properties, "createdAt")
    SELECT ev.id, $1, c.id, ev.name, '{}'::jsonb, $5::timestamp(3) FROM ev JOIN c ON c.email = ev.email
    RETURNING id, "contactId", name
  ), resumed AS (
    UPDATE "Enrollment" e SET "waitingEvent" = NULL, "nextStepAt" = $5::timestamp(3), "updatedAt" = $5::timestamp(3)
    FROM ins
    WHERE e."accountId" = $1 AND e."waitingEvent" = ins.name AND e."contactId" = ins."contactId" AND e.status = 'active'
    RETURNING e.id, e."stepKey"
  )
  SELECT 'event' AS kind, id, "contactId" AS ref FROM ins
  UNION ALL
  SELECT 'run', id, "stepKey" FROM resumed`;

/**
 * One statement: locks the account's contacts at these addresses (in address order), stores an
 * event without properties for each one found, and resumes that contact's active runs waiting
 * for the event (the index on account, waited event and contact). Returns the events stored
 * (with their contact) and the runs resumed (with the wait they were at); an address without a
 * contact has no event here.
 */
export async function recordPlainEventsSql(
  query: HotQuery,
  o: { accountId: string; emails: string[]; names: string[]; ids: string[]; at: Date },
): Promise<{ events: Map<string, string>; resumed: { id: string; stepKey: string }[] }> {
  const rows = await query<{ kind: "event" | "run"; id: string; ref: string }>("events_record_plain", RECORD_SQL, [
    o.accountId,
    o.emails,
    o.names,
    o.ids,
    o.at,
  ]);
  return {
    events: new Map(rows.filter((r) => r.kind === "event").map((r) => [r.id, r.ref])),
    resumed: rows.filter((r) => r.kind === "run").map((r) => ({ id: r.id, stepKey: r.ref })),
  };
}

/** INSERT_JOBS_SQL (one statement, keys already waiting skipped) as a prepared hot statement. Returns the ids added. */
export async function insertDedupedJobsSql(query: HotQuery, jobs: (NewJobRow & { dedupeKey: string })[]): Promise<string[]> {
  if (!jobs.length) return [];
  const rows = await query<{ id: string }>("events_insert_jobs", INSERT_JOBS_SQL, [JSON.stringify(jobs)]);
  return rows.map((r) => r.id);
}
