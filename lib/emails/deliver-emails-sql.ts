import type { Tx } from "@/lib/db/client";
import { hotQuery } from "@/lib/db/hot-query";
import type { NewTrackingToken } from "./build-recipient-message";

// The batched delivery's statements (deliverEmails): each writes a whole batch of emails or
// recipients at once, with bound arrays (unnest), so a batch costs the same round trips
// whatever its size. Named prepared statements (hotQuery): parsed and planned once per
// connection, and past Prisma's query pipeline.

/**
 * Takes due emails out of `queued`/`scheduled` into `sending` (the race with cancel: only one
 * side wins; a scheduled email is never taken before its time) and, in the same statement,
 * records the attempts of their recipients before the hand-over (status `sending`, the
 * Message-ID, the start time) with their messages' tracking tokens. Only a recipient of a
 * taken email still queued, deferred or mid-attempt starts; tokens are written for the
 * started ones only. Returns the ids of the emails taken and of the recipients started.
 */
export async function takeEmailsAndStartAttemptsSql(options: {
  emailIds: string[];
  attempts: { recipientId: string; messageId: string }[];
  tokens: NewTrackingToken[];
  at: Date;
}): Promise<{ taken: Set<string>; started: Set<string> }> {
  const { emailIds, attempts, tokens, at } = options;
  const taken = new Set<string>();
  const started = new Set<string>();
  if (!emailIds.length) return { taken, started };
  const rows = await hotQuery<{ kind: "email" | "recipient"; id: string }>(
    "emails_take_and_start",
    `WITH taken AS (
       UPDATE "Email" SET "status" = 'sending', "sentAt" = COALESCE("sentAt", $2::timestamp(3)), "updatedAt" = $2::timestamp(3)
       WHERE "id" = ANY($1::text[])
         AND ("status" IN ('queued', 'sending') OR ("status" = 'scheduled' AND "scheduledAt" <= $2::timestamp(3)))
       RETURNING "id"
     ), started AS (
       UPDATE "EmailRecipient" r SET "status" = 'sending', "messageId" = v."messageId", "attemptStartedAt" = $2::timestamp(3),
         "updatedAt" = $2::timestamp(3)
       FROM unnest($3::text[], $4::text[]) AS v("id", "messageId")
       WHERE r."id" = v."id" AND r."status" IN ('queued', 'deferred', 'sending') AND r."emailId" IN (SELECT "id" FROM taken)
       RETURNING r."id"
     ), tokens AS (
       INSERT INTO "TrackingToken" ("token", "accountId", "emailId", "recipientId", "kind", "url")
       SELECT t."token", t."accountId", t."emailId", t."recipientId", t."kind"::"TrackingKind", t."url"
       FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
         AS t("token", "accountId", "emailId", "recipientId", "kind", "url")
       WHERE t."recipientId" IN (SELECT "id" FROM started)
     )
     SELECT 'email' AS "kind", "id" FROM taken
     UNION ALL
     SELECT 'recipient', "id" FROM started`,
    [
      emailIds,
      at,
      attempts.map((a) => a.recipientId),
      attempts.map((a) => a.messageId),
      tokens.map((t) => t.token),
      tokens.map((t) => t.accountId),
      tokens.map((t) => t.emailId),
      tokens.map((t) => t.recipientId),
      tokens.map((t) => t.kind),
      tokens.map((t) => t.url),
    ],
  );
  for (const row of rows) (row.kind === "email" ? taken : started).add(row.id);
  return { taken, started };
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
export async function readRecipientStatusesSql(emailIds: string[]) {
  if (!emailIds.length) return [];
  return hotQuery<{ emailId: string; status: string; nextAttemptAt: Date | null }>(
    "emails_read_recipient_statuses",
    `SELECT "emailId", "status"::text AS "status", "nextAttemptAt" FROM "EmailRecipient" WHERE "emailId" = ANY($1::text[])`,
    [emailIds],
  );
}

/**
 * Sets each email's status from its recipients and keeps what was sent (the subject, and a
 * template's rendering: the record of the email), for a whole batch in one statement.
 */
export async function finishEmailsSql(options: {
  emails: { id: string; status: string; subject: string; html: string | null; text: string | null; keepBody: boolean }[];
  at: Date;
}): Promise<void> {
  const { emails, at } = options;
  if (!emails.length) return;
  await hotQuery(
    "emails_finish",
    `UPDATE "Email" e SET
       "status" = v."status"::"EmailStatus", "subject" = v."subject",
       "html" = CASE WHEN v."keepBody" THEN v."html" ELSE e."html" END,
       "text" = CASE WHEN v."keepBody" THEN v."text" ELSE e."text" END,
       "updatedAt" = $7::timestamp(3)
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[])
       AS v("id", "status", "subject", "html", "text", "keepBody")
     WHERE e."id" = v."id"`,
    [
      emails.map((e) => e.id),
      emails.map((e) => e.status),
      emails.map((e) => e.subject),
      emails.map((e) => e.html),
      emails.map((e) => e.text),
      emails.map((e) => e.keepBody),
      at,
    ],
  );
}
