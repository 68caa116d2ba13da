import { DatabaseError } from "pg";
import { hotQuery } from "@/lib/db/hot-query";
import { Prisma } from "@/lib/generated/prisma/client";
import type { NewJobRow } from "@/lib/jobs/enqueue-jobs";

export interface AcceptedEmailRow {
  id: string;
  /** The From domain's name: the email is stored only if it is a verified domain of the account. */
  domain: string;
  /** Sent from the sandbox sender: no domain of the account, so no Domain row (domainId null). */
  sandbox: boolean;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  html?: string;
  text?: string;
  templateId?: string;
  variables?: unknown;
  headers?: unknown;
  tags: unknown[];
  attachments?: unknown;
  rawMime?: string;
  status: "queued" | "scheduled";
  scheduledAt?: Date;
  automationId?: string;
  enrollmentId?: string;
  stepId?: string;
  broadcastId?: string;
  contactId?: string;
  isTest: boolean;
  lastEvent: string;
}

export interface StoreAcceptedEmails {
  accountId: string;
  /** Credits to take (one per recipient); 0 takes none and writes no ledger row (test runs). */
  amount: number;
  ledger: { id: string; description: string; emailId: string | null };
  emails: AcceptedEmailRow[];
  recipients: { id: string; emailId: string; email: string; kind: "to" | "cc" | "bcc"; verpToken: string }[];
  events: { id: string; emailId: string; type: string; data: unknown; tags: unknown[]; automationId?: string; domain: string }[];
  jobs: NewJobRow[];
  /** The claimed Idempotency-Key row and the response to save in it, if the request has a key. */
  idempotency: { keyId: string; response: { status: number; body: unknown } } | null;
  /** The service clock: createdAt of the emails, their first events and the ledger row. */
  createdAt: Date;
}

export type StoreResult = "stored" | "domain_not_verified" | "idempotency_key_gone" | "insufficient_credits";

// One statement, one round trip: every write is a data-modifying CTE fed by the one jsonb
// parameter. Nothing is written unless every From domain is a verified domain of the account
// and the Idempotency-Key claim (if any) still exists (`allowed`). The debit runs after the
// inserts (its WHERE reads their counts), so the account row, on which every send of the
// account queues, stays locked only from the debit to the commit, as when it came last in a
// transaction. The UPDATE is conditional ("creditBalance" >= the amount), re-checked after any
// wait, so the balance never goes below zero; when it finds the balance short, the final SELECT
// divides by zero, which undoes the whole statement. Child rows may come before their parents:
// foreign keys are checked at the end of the statement. The ledger has a row per accept in the
// statement (a group commit stores several accepts of one account at once, see
// group-commit-accepted-emails.ts): each row's balanceAfter is the balance after the debit plus
// what the rows after it took, as if they had been stored one after another in that order.
const STORE_SQL = `
WITH head AS (
  SELECT j, j->>'accountId' AS account_id, (j->>'amount')::int AS amount,
         (j->>'createdAt')::timestamp(3) AS created_at, (j->>'updatedAt')::timestamp(3) AS updated_at,
         j->>'keyId' AS key_id
  FROM (SELECT $1::jsonb AS j) AS input
),
verified AS (
  SELECT d.id, d.domain FROM "Domain" d, head h
  WHERE d."accountId" = h.account_id AND d.status = 'verified'::"DomainStatus"
    AND d.domain IN (SELECT jsonb_array_elements_text(h.j->'domains'))
),
allowed AS (
  SELECT 1 AS ok FROM head h
  WHERE (SELECT count(*) FROM verified) = jsonb_array_length(h.j->'domains')
    AND (h.key_id IS NULL OR EXISTS (SELECT 1 FROM "IdempotencyKey" k WHERE k.id = (SELECT key_id FROM head)))
),
emails AS (
  INSERT INTO "Email" (id, "accountId", "domainId", "from", "to", cc, bcc, "replyTo", subject, html, text, "templateId",
    variables, headers, tags, attachments, "rawMime", status, "scheduledAt", "automationId", "enrollmentId", "stepId",
    "broadcastId", "contactId", "isTest", "lastEvent", "createdAt", "updatedAt")
  SELECT e.id, h.account_id, v.id, e."from", e."to", e.cc, e.bcc, e."replyTo", e.subject, e.html, e.text, e."templateId",
    e.variables, e.headers, e.tags, e.attachments, e."rawMime", e.status::"EmailStatus", e."scheduledAt", e."automationId",
    e."enrollmentId", e."stepId", e."broadcastId", e."contactId", e."isTest", e."lastEvent", h.created_at, h.updated_at
  FROM head h
  CROSS JOIN jsonb_to_recordset(h.j->'emails') AS e(id text, domain text, "from" text, "to" text[], cc text[], bcc text[],
    "replyTo" text[], subject text, html text, text text, "templateId" text, variables jsonb, headers jsonb, tags jsonb,
    attachments jsonb, "rawMime" text, status text, "scheduledAt" timestamp(3), "automationId" text, "enrollmentId" text,
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
    THEN 1 / (SELECT count(*) FROM debit)::int ELSE 0 END AS debited`;

// jsonb refuses an unpaired surrogate (\ud800), which a text parameter would have carried as
// U+FFFD: keep accepting what the API accepted before.
const wellFormed = (_key: string, value: unknown) => (typeof value === "string" && !value.isWellFormed() ? value.toWellFormed() : value);

/**
 * Writes accepted emails with everything that goes with them (recipients, first events,
 * delivery jobs, the credit debit and its ledger row, the idempotent response) in ONE
 * statement outside any interactive transaction. Returns why nothing was written, if so.
 */
export async function storeAcceptedEmails(input: StoreAcceptedEmails): Promise<StoreResult> {
  return storeAcceptedGroup([input]);
}

/**
 * Several accepts of ONE account, none with an Idempotency-Key, in one statement: all stored,
 * each with its own ledger row, or none (the result says why, as for the first that failed).
 */
export async function storeAcceptedGroup(inputs: StoreAcceptedEmails[]): Promise<StoreResult> {
  const [first] = inputs;
  if (inputs.length > 1 && inputs.some((i) => i.idempotency || i.accountId !== first.accountId))
    throw new Error("a group commit takes accepts of one account without an Idempotency-Key");
  const { idempotency } = first;
  const all = <T>(pick: (i: StoreAcceptedEmails) => T[]) => inputs.flatMap(pick);
  const emails = all((i) => i.emails);
  const payload = JSON.stringify(
    {
      accountId: first.accountId,
      amount: inputs.reduce((sum, i) => sum + i.amount, 0),
      // The latest of the group's service-clock times (they are milliseconds apart).
      createdAt: new Date(Math.max(...inputs.map((i) => i.createdAt.getTime()))),
      // Prisma's @updatedAt is the wall clock, not the service clock.
      updatedAt: new Date(),
      domains: verifiedDomainsNeeded(emails),
      keyId: idempotency?.keyId ?? null,
      response: idempotency?.response ?? null,
      ledgers: inputs.filter((i) => i.amount > 0).map((i, n) => ({ ...i.ledger, amount: i.amount, n })),
      emails,
      recipients: all((i) => i.recipients),
      events: all((i) => i.events),
      jobs: all((i) => i.jobs),
    },
    wellFormed,
  );
  let rows: { stored: number; verified: number }[];
  try {
    // A named prepared statement: PostgreSQL plans this CTE once per connection, not per accept
    // (2-4 ms of every SMTP relay message under load, issue #13).
    rows = await hotQuery<{ stored: number; verified: number }>("emails_store_accepted", STORE_SQL, [payload]);
  } catch (error) {
    if (sqlState(error) === "22012") return "insufficient_credits";
    throw asKnownUniqueViolation(error);
  }
  const [row] = rows;
  if (row.stored) return "stored";
  if (row.verified !== verifiedDomainsNeeded(emails).length) return "domain_not_verified";
  return "idempotency_key_gone";
}

/** The From domains that must be verified domains of the account (the sandbox sender's is not). */
const verifiedDomainsNeeded = (emails: AcceptedEmailRow[]) => [...new Set(emails.filter((e) => !e.sandbox).map((e) => e.domain))];

/** The PostgreSQL error code (SQLSTATE) of a failed statement, if the server answered one. */
const sqlState = (error: unknown) => (error instanceof DatabaseError ? error.code : undefined);

/**
 * The statement reports a unique violation as SQLSTATE 23505; callers (automations: one email
 * per step) look for Prisma's P2002, as createMany gave them.
 */
function asKnownUniqueViolation(error: unknown): unknown {
  if (!(error instanceof DatabaseError) || error.code !== "23505") return error;
  return new Prisma.PrismaClientKnownRequestError(error.message, {
    code: "P2002",
    clientVersion: Prisma.prismaVersion.client,
    meta: { target: error.constraint },
  });
}
