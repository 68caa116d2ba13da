import { hotQuery } from "@/lib/db/hot-query";

// One statement, one round trip: every write is a data-modifying CTE fed by the jsonb parameter
// ($1) and the emails' bodies ($2, a ByteaSlices buffer: each email's html, text and rawMime a
// [start, length] slice of it, null when absent). Nothing is written unless every From domain is
// a verified domain of the account and the Idempotency-Key claim (if any) still exists
// (`allowed`). The debit runs after the inserts (its WHERE reads their counts), so the account row, on which every send of the account queues,
// stays locked only from the debit to the commit, as when it came last in a transaction. The UPDATE
// is conditional ("creditBalance" >= the amount), re-checked after any wait, so the balance never
// goes below zero; when it finds the balance short, the final SELECT calls mw_abort (migration
// 20261127060000), whose error undoes the whole statement. The account row and the verified domains are locked FOR KEY SHARE once here,
// which is what the foreign keys of the new Email rows did row by row before they went (migration
// 20261125160000): a concurrent delete of the account or a domain waits for this commit and then
// reaches these rows, or commits first and leaves this statement nothing to store. In local mode
// (anyDomainStatus) an unverified domain of the account counts too, unless another account has
// verified the name: mail stays on this machine. Recipients
// belong to emails of the same statement, inserted all or none (CreditTransaction keeps its foreign
// key: one row per accept). The ledger has a row per accept in the statement (a group commit stores
// several accepts of one account at once, see group-commit-accepted-emails.ts): each row's
// balanceAfter is the balance after the debit plus what the rows after it took, as if they had been
// stored one after another in that order.
const STORE_SQL = `
WITH head AS (
  SELECT j, j->>'accountId' AS account_id, (j->>'amount')::int AS amount,
         (j->>'createdAt')::timestamp(3) AS created_at, (j->>'updatedAt')::timestamp(3) AS updated_at,
         j->>'keyId' AS key_id
  FROM (SELECT $1::jsonb AS j) AS input
),
account AS (
  SELECT a.id FROM "Account" a WHERE a.id = (SELECT account_id FROM head) FOR KEY SHARE
),
verified AS (
  SELECT d.id, d.domain FROM "Domain" d, head h
  WHERE d."accountId" = h.account_id
    AND (d.status = 'verified'::"DomainStatus" OR ((h.j->>'anyDomainStatus')::boolean AND NOT EXISTS (
      SELECT 1 FROM "Domain" o WHERE o.domain = d.domain AND o.status = 'verified'::"DomainStatus")))
    AND d.domain IN (SELECT jsonb_array_elements_text(h.j->'domains'))
  FOR KEY SHARE OF d
),
allowed AS (
  SELECT 1 AS ok FROM head h
  WHERE EXISTS (SELECT 1 FROM account) AND (SELECT count(*) FROM verified) = jsonb_array_length(h.j->'domains')
    AND (h.key_id IS NULL OR EXISTS (SELECT 1 FROM "IdempotencyKey" k WHERE k.id = (SELECT key_id FROM head)))
),
emails AS (
  INSERT INTO "Email" (id, "accountId", "domainId", "from", "to", cc, bcc, "replyTo", subject, html, text, "templateId",
    variables, headers, tags, attachments, "rawMime", status, "scheduledAt", "automationId", "enrollmentId", "stepId",
    "broadcastId", "contactId", "isTest", "lastEvent", "createdAt", "updatedAt")
  SELECT e.id, h.account_id, v.id, e."from", e."to", e.cc, e.bcc, e."replyTo", e.subject,
    convert_from(substring($2::bytea FROM e.html[1] FOR e.html[2]), 'UTF8'),
    convert_from(substring($2::bytea FROM e.text[1] FOR e.text[2]), 'UTF8'), e."templateId",
    e.variables, e.headers, e.tags, e.attachments,
    convert_from(substring($2::bytea FROM e."rawMime"[1] FOR e."rawMime"[2]), 'UTF8'), e.status::"EmailStatus", e."scheduledAt", e."automationId",
    e."enrollmentId", e."stepId", e."broadcastId", e."contactId", e."isTest", e."lastEvent", h.created_at, h.updated_at
  FROM head h
  CROSS JOIN jsonb_to_recordset(h.j->'emails') AS e(id text, domain text, "from" text, "to" text[], cc text[], bcc text[],
    "replyTo" text[], subject text, html int[], text int[], "templateId" text, variables jsonb, headers jsonb, tags jsonb,
    attachments jsonb, "rawMime" int[], status text, "scheduledAt" timestamp(3), "automationId" text, "enrollmentId" text,
    "stepId" text, "broadcastId" text, "contactId" text, "isTest" boolean, "lastEvent" text, sandbox boolean)
  LEFT JOIN verified v ON v.domain = e.domain AND NOT e.sandbox
  WHERE EXISTS (SELECT 1 FROM allowed) AND (v.id IS NOT NULL OR e.sandbox)
  RETURNING 1
),
recipients AS (
  INSERT INTO "EmailRecipient" (id, "accountId", "emailId", email, kind, "verpToken", "createdAt", "updatedAt")
  SELECT r.id, h.account_id, r."emailId", r.email, r.kind::"RecipientKind", r."verpToken", h.created_at, h.updated_at
  FROM head h
  CROSS JOIN jsonb_to_recordset(h.j->'recipients') AS r(id text, "emailId" text, email text, kind text, "verpToken" text)
  WHERE EXISTS (SELECT 1 FROM allowed)
  RETURNING 1
),
events AS (
  INSERT INTO "EmailEvent" (id, "accountId", "emailId", type, data, tags, "automationId", domain, "createdAt")
  SELECT ev.id, h.account_id, ev."emailId", ev.type, ev.data, ev.tags, ev."automationId", ev.domain, h.created_at
  FROM head h
  CROSS JOIN jsonb_to_recordset(h.j->'events') AS ev(id text, "emailId" text, type text, data jsonb, tags jsonb,
    "automationId" text, domain text)
  WHERE EXISTS (SELECT 1 FROM allowed)
  RETURNING 1
),
jobs AS (
  INSERT INTO "Job" (id, name, "accountId", payload, "runAt", "maxAttempts", "createdAt", "updatedAt")
  SELECT jb.id, jb.name, h.account_id, jb.payload, jb."runAt", jb."maxAttempts", h.created_at, jb."updatedAt"
  FROM head h
  CROSS JOIN jsonb_to_recordset(h.j->'jobs') AS jb(id text, name text, payload jsonb, "runAt" timestamp(3),
    "maxAttempts" int, "updatedAt" timestamp(3))
  WHERE EXISTS (SELECT 1 FROM allowed)
  RETURNING 1
),
saved AS (
  UPDATE "IdempotencyKey" k
  SET "responseStatus" = (h.j->'response'->>'status')::int, "responseBody" = h.j->'response'->'body'
  FROM head h
  WHERE k.id = h.key_id AND EXISTS (SELECT 1 FROM allowed)
  RETURNING 1
),
written AS (
  SELECT (SELECT count(*) FROM emails) + (SELECT count(*) FROM recipients) + (SELECT count(*) FROM events)
       + (SELECT count(*) FROM jobs) + (SELECT count(*) FROM saved) AS n
),
debit AS (
  UPDATE "Account"
  SET "creditBalance" = "creditBalance" - (SELECT amount FROM head), "updatedAt" = (SELECT created_at FROM head)
  WHERE id = (SELECT account_id FROM head) AND (SELECT amount FROM head) > 0
    AND "creditBalance" >= (SELECT amount FROM head) AND (SELECT n FROM written) > 0
  RETURNING "creditBalance"
),
ledger AS (
  INSERT INTO "CreditTransaction" (id, "accountId", type, amount, "balanceAfter", description, "emailId", "createdAt")
  SELECT l.id, h.account_id, 'debit'::"CreditTransactionType", l.amount,
         (d."creditBalance" + sum(l.amount) OVER (ORDER BY l.n DESC) - l.amount)::int, l.description, l."emailId", h.created_at
  FROM debit d, head h
  CROSS JOIN jsonb_to_recordset(h.j->'ledgers') AS l(id text, description text, "emailId" text, amount int, n int)
)
SELECT (SELECT count(*) FROM allowed)::int AS stored, (SELECT count(*) FROM verified)::int AS verified,
  CASE WHEN EXISTS (SELECT 1 FROM allowed) AND (SELECT amount FROM head) > 0
    AND NOT EXISTS (SELECT 1 FROM debit) THEN mw_abort('insufficient_credits') ELSE 0 END AS debited`;

export interface StoreAcceptedEmailsRow {
  /** 1 when the emails were written, 0 when a condition (`allowed`) refused them. */
  stored: number;
  /** How many of the From domains named in the payload are verified domains of the account. */
  verified: number;
}

/**
 * Runs the statement for one payload (the JSON and the bodies built by storeAcceptedGroup). A named prepared
 * statement (hotQuery): PostgreSQL parses and plans this long statement once per connection,
 * not on every accept. Throws the driver's error: SQLSTATE MW001 with
 * the message `insufficient_credits` when the balance was short (see STATEMENT_ABORTED).
 */
/** The SQLSTATE of mw_abort's errors; the message names the reason. */
export const STATEMENT_ABORTED = "MW001";

export async function storeAcceptedEmailsSql(payload: string, bodies: Buffer): Promise<StoreAcceptedEmailsRow[]> {
  return hotQuery<StoreAcceptedEmailsRow>("emails_store_accepted", STORE_SQL, [payload, bodies]);
}
