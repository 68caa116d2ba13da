import type { Db, Tx } from "@/lib/db/client";
import type { NewTrackingToken } from "./build-recipient-message";

// The batched delivery's statements (deliverEmails): each writes a whole batch of emails or
// recipients at once, with bound arrays (unnest), so a batch costs the same round trips
// whatever its size.

/**
 * Takes due emails out of `queued`/`scheduled` into `sending` (the race with cancel: only one
 * side wins; a scheduled email is never taken before its time). Returns the ids taken.
 */
export async function takeEmailsSql(db: Db, options: { ids: string[]; at: Date }): Promise<Set<string>> {
  if (!options.ids.length) return new Set();
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Email" SET "status" = 'sending', "sentAt" = COALESCE("sentAt", ${options.at}), "updatedAt" = ${options.at}
    WHERE "id" = ANY(${options.ids}::text[])
      AND ("status" IN ('queued', 'sending') OR ("status" = 'scheduled' AND "scheduledAt" <= ${options.at}))
    RETURNING "id"`;
  return new Set(rows.map((r) => r.id));
}

/**
 * Records the attempts of a batch before the hand-over (status `sending`, the Message-ID, the
 * start time) and their messages' tracking tokens, in one statement. Only a recipient still
 * queued, deferred or mid-attempt starts; tokens are written for the started ones only.
 * Returns the ids of the recipients started.
 */
export async function startAttemptsSql(
  db: Db,
  options: { attempts: { recipientId: string; messageId: string }[]; tokens: NewTrackingToken[]; at: Date },
): Promise<Set<string>> {
  if (!options.attempts.length) return new Set();
  const { attempts, tokens, at } = options;
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH started AS (
      UPDATE "EmailRecipient" r SET "status" = 'sending', "messageId" = v."messageId", "attemptStartedAt" = ${at}, "updatedAt" = ${at}
      FROM unnest(${attempts.map((a) => a.recipientId)}::text[], ${attempts.map((a) => a.messageId)}::text[]) AS v("id", "messageId")
      WHERE r."id" = v."id" AND r."status" IN ('queued', 'deferred', 'sending')
      RETURNING r."id"
    ), tokens AS (
      INSERT INTO "TrackingToken" ("token", "accountId", "emailId", "recipientId", "kind", "url")
      SELECT t."token", t."accountId", t."emailId", t."recipientId", t."kind"::"TrackingKind", t."url"
      FROM unnest(
        ${tokens.map((t) => t.token)}::text[], ${tokens.map((t) => t.accountId)}::text[], ${tokens.map((t) => t.emailId)}::text[],
        ${tokens.map((t) => t.recipientId)}::text[], ${tokens.map((t) => t.kind)}::text[], ${tokens.map((t) => t.url)}::text[]
      ) AS t("token", "accountId", "emailId", "recipientId", "kind", "url")
      WHERE t."recipientId" IN (SELECT "id" FROM started)
    )
    SELECT "id" FROM started`;
  return new Set(rows.map((r) => r.id));
}

/**
 * Records the receivers' acceptance of a batch's messages (delivered, or `sent` when a
 * smarthost took it): only the attempt in flight (`sending`) takes its outcome, so a write run
 * again after its COMMIT landed changes nothing. Returns the ids recorded.
 */
export async function recordAcceptedSql(
  tx: Tx,
  options: { outcomes: { recipientId: string; status: "sent" | "delivered"; response: string }[]; at: Date },
): Promise<Set<string>> {
  const { outcomes, at } = options;
  if (!outcomes.length) return new Set();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "EmailRecipient" r SET
      "status" = v."status"::"RecipientStatus", "attempts" = r."attempts" + 1, "lastResponse" = v."response", "nextAttemptAt" = NULL,
      "deliveredAt" = CASE WHEN v."status" = 'delivered' THEN ${at}::timestamp(3) ELSE r."deliveredAt" END, "updatedAt" = ${at}
    FROM unnest(
      ${outcomes.map((o) => o.recipientId)}::text[], ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.response)}::text[]
    ) AS v("id", "status", "response")
    WHERE r."id" = v."id" AND r."status" = 'sending'
    RETURNING r."id"`;
  return new Set(rows.map((r) => r.id));
}

/** The recipients' statuses of several emails, for their emails' own status. */
export async function readRecipientStatusesSql(db: Db, emailIds: string[]) {
  if (!emailIds.length) return [];
  return db.$queryRaw<{ emailId: string; status: string; nextAttemptAt: Date | null }[]>`
    SELECT "emailId", "status"::text AS "status", "nextAttemptAt" FROM "EmailRecipient" WHERE "emailId" = ANY(${emailIds}::text[])`;
}

/**
 * Sets each email's status from its recipients and keeps what was sent (the subject, and a
 * template's rendering: the record of the email), for a whole batch in one statement.
 */
export async function finishEmailsSql(
  db: Db,
  options: {
    emails: { id: string; status: string; subject: string; html: string | null; text: string | null; keepBody: boolean }[];
    at: Date;
  },
): Promise<void> {
  const { emails, at } = options;
  if (!emails.length) return;
  await db.$executeRaw`
    UPDATE "Email" e SET
      "status" = v."status"::"EmailStatus", "subject" = v."subject",
      "html" = CASE WHEN v."keepBody" THEN v."html" ELSE e."html" END,
      "text" = CASE WHEN v."keepBody" THEN v."text" ELSE e."text" END,
      "updatedAt" = ${at}
    FROM unnest(
      ${emails.map((e) => e.id)}::text[], ${emails.map((e) => e.status)}::text[], ${emails.map((e) => e.subject)}::text[],
      ${emails.map((e) => e.html)}::text[], ${emails.map((e) => e.text)}::text[], ${emails.map((e) => e.keepBody)}::boolean[]
    ) AS v("id", "status", "subject", "html", "text", "keepBody")
    WHERE e."id" = v."id"`;
}
