import { Prisma } from "@/lib/generated/prisma/client";
import { isLocalMode } from "@/lib/config/local-mode";
import { ByteaSlices } from "@/lib/db/bytea-slices";
import type { NewJobRow } from "@/lib/jobs/enqueue-jobs";
import { STATEMENT_ABORTED, storeAcceptedEmailsSql, type StoreAcceptedEmailsRow } from "./store-accepted-emails-sql";

export interface AcceptedEmailRow {
  id: string;
  /** The From domain's name: stored only for a verified domain of the account (any of its domains in local mode). */
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
  /** The service clock: createdAt of the emails, their stored first events and the ledger row. */
  createdAt: Date;
}

export type StoreResult = "stored" | "domain_not_verified" | "idempotency_key_gone" | "insufficient_credits";

// jsonb refuses an unpaired surrogate (\ud800), which a text parameter would have carried as
// U+FFFD: keep accepting what the API accepted before.
const wellFormed = (_key: string, value: unknown) => (typeof value === "string" && !value.isWellFormed() ? value.toWellFormed() : value);

/**
 * Writes accepted emails with everything that goes with them (recipients, scheduled emails'
 * first events, delivery jobs, the credit debit and its ledger row, the idempotent response) in
 * ONE statement outside any interactive transaction. Returns why nothing was written, if so.
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
  // Bodies (html, text, the relay's raw message) are most of a payload's bytes: they go apart.
  const bodies = new ByteaSlices();
  const fields = {
    accountId: first.accountId,
    amount: inputs.reduce((sum, i) => sum + i.amount, 0),
    // The latest of the group's service-clock times (they are milliseconds apart).
    createdAt: new Date(Math.max(...inputs.map((i) => i.createdAt.getTime()))),
    // Prisma's @updatedAt is the wall clock, not the service clock.
    updatedAt: new Date(),
    domains: verifiedDomainsNeeded(emails),
    // Local mode: an unverified domain of the account sends too (every email lands in the dev inbox).
    anyDomainStatus: isLocalMode(),
    keyId: idempotency?.keyId ?? null,
    response: idempotency?.response ?? null,
    ledgers: inputs.filter((i) => i.amount > 0).map((i, n) => ({ ...i.ledger, amount: i.amount, n })),
    emails: emails.map((e) => emailColumns(e, bodies)),
    recipients: all((i) => i.recipients),
    events: all((i) => i.events),
    jobs: all((i) => i.jobs),
  };
  // A replacer costs a call per value; only a payload that may hold a lone surrogate (written
  // as an escape \udXXX) is stringified again with one.
  let payload = JSON.stringify(fields);
  if (payload.includes("\\ud")) payload = JSON.stringify(fields, wellFormed);
  let rows: StoreAcceptedEmailsRow[];
  try {
    rows = await storeAcceptedEmailsSql(payload, bodies.buffer());
  } catch (error) {
    if (sqlState(error) === STATEMENT_ABORTED && (error as Error).message === "insufficient_credits") return "insufficient_credits";
    throw asKnownUniqueViolation(error);
  }
  const [row] = rows;
  if (row.stored) return "stored";
  if (row.verified !== verifiedDomainsNeeded(emails).length) return "domain_not_verified";
  return "idempotency_key_gone";
}

/**
 * An email's columns as the statement reads them, its bodies as slices of the bytea beside. Named
 * one by one: on Node 20 a spread into a literal that names more properties costs microseconds.
 */
function emailColumns(e: AcceptedEmailRow, bodies: ByteaSlices) {
  const slice = (body: string | undefined) => (body === undefined ? undefined : bodies.add(body));
  const columns: Record<keyof AcceptedEmailRow, unknown> = {
    id: e.id,
    domain: e.domain,
    sandbox: e.sandbox,
    from: e.from,
    to: e.to,
    cc: e.cc,
    bcc: e.bcc,
    replyTo: e.replyTo,
    subject: e.subject,
    html: slice(e.html),
    text: slice(e.text),
    templateId: e.templateId,
    variables: e.variables,
    headers: e.headers,
    tags: e.tags,
    attachments: e.attachments,
    rawMime: slice(e.rawMime),
    status: e.status,
    scheduledAt: e.scheduledAt,
    automationId: e.automationId,
    enrollmentId: e.enrollmentId,
    stepId: e.stepId,
    broadcastId: e.broadcastId,
    contactId: e.contactId,
    isTest: e.isTest,
    lastEvent: e.lastEvent,
  };
  return columns;
}

/** The From domains that must be verified domains of the account (the sandbox sender's is not). */
const verifiedDomainsNeeded = (emails: AcceptedEmailRow[]) => [...new Set(emails.filter((e) => !e.sandbox).map((e) => e.domain))];

/** The PostgreSQL error code (SQLSTATE) of a failed statement (node-postgres's DatabaseError). */
function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * A unique violation becomes Prisma's P2002, which callers (automations: one email per step)
 * look for, as createMany gave them.
 */
function asKnownUniqueViolation(error: unknown): unknown {
  if (sqlState(error) !== "23505") return error;
  const { message, constraint } = error as Error & { constraint?: string };
  return new Prisma.PrismaClientKnownRequestError(message, {
    code: "P2002",
    clientVersion: Prisma.prismaVersion.client,
    meta: { constraint },
  });
}
