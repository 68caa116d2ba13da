import type { Tx } from "@/lib/db/client";
import { hotQuery } from "@/lib/db/hot-query";
import { webhookTypeOfEmailEvent } from "@/lib/webhooks/schemas";
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

export interface AcceptedEvent {
  id: string;
  accountId: string;
  emailId: string;
  recipientId: string;
  recipient: string;
  type: "email.sent" | "email.delivered";
  data: Record<string, unknown>;
  tags: unknown;
  automationId: string | null;
  domain: string | null;
  createdAt: Date;
  /** Its counter row: an index into `counters`. */
  counter: number;
}

/**
 * The email's status from its recipients' (emailStatusFrom in ./email-status, as SQL), over
 * the text column `s` of a group of one email's recipients. The two are compared for every
 * mix of statuses in tests/integration/deliver-emails-status-sql.test.ts.
 */
export const EMAIL_STATUS_FROM_RECIPIENTS_SQL = `CASE
       WHEN bool_or(s IN ('queued', 'sending', 'deferred')) THEN 'sending'
       WHEN bool_or(s = 'complained') THEN 'complained'
       WHEN bool_or(s = 'delivered') THEN 'delivered'
       WHEN bool_or(s = 'sent') THEN 'sent'
       WHEN bool_or(s = 'bounced') THEN 'bounced'
       WHEN bool_and(s = 'suppressed') THEN 'suppressed'
       WHEN bool_and(s = 'cancelled') THEN 'cancelled'
       ELSE 'failed' END`;

/** An email the acceptances' statement finishes when it records every one of its attempts. */
export interface FinishedEmail {
  id: string;
  subject: string;
  html: string | null;
  text: string | null;
  /** A template's rendering is kept as the record of the email; a sender's own body is already. */
  keepBody: boolean;
}

/**
 * The acceptances of a batch, all in one statement without a transaction of their own: each
 * attempt still in flight (`sending`) takes its outcome (delivered, or `sent` when a smarthost
 * took it), and only those recorded get their events (`events`, in order), their emails'
 * lastEvent and the analytics counters (`counters`, in the order of their keys, each counting
 * only the recorded events that name it). An account with an active webhook carrying any of
 * these events' types is left out whole: its events have deliveries to fan out in a transaction
 * (recordManyEmailEvents), and the caller records them so. Each email of `finish` whose every
 * outcome here was recorded is finished by the same update that sets its lastEvent (one
 * update of its row, not two): its status from its recipients' as this statement leaves them,
 * its subject and a template's rendering (what finishEmailsSql does for the others). Run again
 * after a commit it changes nothing. Returns the recipients recorded, the accounts left out,
 * the emails finished, and the statuses of the emails' recipients as this statement leaves them.
 */
export async function recordAcceptedAttemptsSql(options: {
  outcomes: { recipientId: string; emailId: string; status: "sent" | "delivered"; response: string }[];
  events: AcceptedEvent[];
  counters: { accountId: string; bucket: Date; domain: string; automationId: string; shard: number }[];
  emailIds: string[];
  finish: FinishedEmail[];
  at: Date;
}): Promise<{
  recorded: Set<string>;
  hooked: Set<string>;
  finished: Set<string>;
  statuses: { emailId: string; status: string; nextAttemptAt: Date | null }[];
}> {
  const { outcomes, events, counters, emailIds, finish, at } = options;
  const recorded = new Set<string>();
  const hooked = new Set<string>();
  const finished = new Set<string>();
  const statuses: { emailId: string; status: string; nextAttemptAt: Date | null }[] = [];
  if (!outcomes.length) return { recorded, hooked, finished, statuses };
  const rows = await hotQuery<{
    kind: "recorded" | "hooked" | "finished" | "status";
    id: string;
    status: string | null;
    nextAttemptAt: Date | null;
  }>(
    "emails_record_accepted",
    `WITH hooked AS (
       SELECT DISTINCT "accountId" FROM "Webhook"
       WHERE "accountId" = ANY($5::text[]) AND "status" = 'active' AND "events" && $24::text[]
     ), recorded AS (
       UPDATE "EmailRecipient" r SET
         "status" = v."status"::"RecipientStatus", "attempts" = r."attempts" + 1, "lastResponse" = v."response",
         "nextAttemptAt" = NULL, "updatedAt" = $4::timestamp(3),
         "deliveredAt" = CASE WHEN v."status" = 'delivered' THEN $4::timestamp(3) ELSE r."deliveredAt" END
       FROM unnest($1::text[], $2::text[], $3::text[]) AS v("id", "status", "response")
       WHERE r."id" = v."id" AND r."status" = 'sending' AND r."accountId" NOT IN (SELECT "accountId" FROM hooked)
       RETURNING r."id", r."status"::text AS "status"
     ), ev AS (
       SELECT e.* FROM unnest(
         $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::jsonb[], $13::jsonb[], $14::text[],
         $15::text[], $16::timestamp(3)[], $17::int[]
       ) WITH ORDINALITY AS e("id", "accountId", "emailId", "recipientId", "recipient", "type", "data", "tags", "automationId",
         "domain", "createdAt", "counter", "ord")
       WHERE e."recipientId" IN (SELECT "id" FROM recorded)
     ), inserted AS (
       INSERT INTO "EmailEvent" ("id", "accountId", "emailId", "recipientId", "recipient", "type", "data", "tags", "automationId", "domain", "createdAt")
       SELECT "id", "accountId", "emailId", "recipientId", "recipient", "type", "data", "tags", "automationId", "domain", "createdAt"
       FROM ev
     ), settled AS (
       SELECT f.* FROM unnest($25::text[], $26::text[], $27::text[], $28::text[], $29::boolean[])
         AS f("id", "subject", "html", "text", "keepBody")
       WHERE NOT EXISTS (
         SELECT 1 FROM unnest($1::text[], $30::text[]) AS o("id", "emailId")
         WHERE o."emailId" = f."id" AND o."id" NOT IN (SELECT "id" FROM recorded))
     ), settled_status AS (
       SELECT f."id", f."subject", f."html", f."text", f."keepBody", st."status"
       FROM settled f
       JOIN (
         SELECT r."emailId", ${EMAIL_STATUS_FROM_RECIPIENTS_SQL} AS "status"
         FROM "EmailRecipient" r LEFT JOIN recorded x ON x."id" = r."id"
         CROSS JOIN LATERAL (SELECT COALESCE(x."status", r."status"::text) AS s) v
         WHERE r."emailId" IN (SELECT "id" FROM settled)
         GROUP BY r."emailId"
       ) st ON st."emailId" = f."id"
     ), emails AS (
       UPDATE "Email" m SET
         "lastEvent" = COALESCE(l."type", m."lastEvent"),
         "status" = COALESCE(f."status"::"EmailStatus", m."status"),
         "subject" = COALESCE(f."subject", m."subject"),
         "html" = CASE WHEN f."keepBody" THEN f."html" ELSE m."html" END,
         "text" = CASE WHEN f."keepBody" THEN f."text" ELSE m."text" END,
         "updatedAt" = $4::timestamp(3)
       FROM (SELECT DISTINCT ON ("emailId") "emailId", "type" FROM ev ORDER BY "emailId", "ord" DESC) l
       FULL JOIN settled_status f ON f."id" = l."emailId"
       WHERE m."id" = COALESCE(f."id", l."emailId")
       RETURNING m."id", f."id" IS NOT NULL AS "finished"
     ), counted AS (
       INSERT INTO "AnalyticsCounter" ("accountId", "bucket", "domain", "automationId", "shard",
         "sent", "delivered", "opened", "uniqueOpened", "clicked", "uniqueClicked", "bounced", "complained")
       SELECT c."accountId", c."bucket", c."domain", c."automationId", c."shard", n."sent", n."delivered", 0, 0, 0, 0, 0, 0
       FROM unnest($18::text[], $19::timestamp(3)[], $20::text[], $21::text[], $22::int[])
         WITH ORDINALITY AS c("accountId", "bucket", "domain", "automationId", "shard", "i")
       JOIN (
         SELECT "counter", count(*) FILTER (WHERE "type" = 'email.sent')::int AS "sent",
           count(*) FILTER (WHERE "type" = 'email.delivered')::int AS "delivered"
         FROM ev GROUP BY "counter"
       ) n ON n."counter" = c."i"
       ORDER BY c."i"
       ON CONFLICT ("accountId", "bucket", "domain", "automationId", "shard") DO UPDATE SET
         "sent" = "AnalyticsCounter"."sent" + EXCLUDED."sent",
         "delivered" = "AnalyticsCounter"."delivered" + EXCLUDED."delivered"
     )
     SELECT 'recorded' AS "kind", "id", NULL AS "status", NULL::timestamp(3) AS "nextAttemptAt" FROM recorded
     UNION ALL
     SELECT 'hooked', "accountId", NULL, NULL FROM hooked
     UNION ALL
     SELECT 'finished', "id", NULL, NULL FROM emails WHERE "finished"
     UNION ALL
     SELECT 'status', r."emailId", COALESCE(x."status", r."status"::text), CASE WHEN x."id" IS NULL THEN r."nextAttemptAt" END
     FROM "EmailRecipient" r LEFT JOIN recorded x ON x."id" = r."id"
     WHERE r."emailId" = ANY($23::text[])`,
    [
      outcomes.map((o) => o.recipientId),
      outcomes.map((o) => o.status),
      outcomes.map((o) => o.response),
      at,
      [...new Set(events.map((e) => e.accountId))],
      events.map((e) => e.id),
      events.map((e) => e.accountId),
      events.map((e) => e.emailId),
      events.map((e) => e.recipientId),
      events.map((e) => e.recipient),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.tags)),
      events.map((e) => e.automationId),
      events.map((e) => e.domain),
      events.map((e) => e.createdAt.toISOString()),
      // 1-based, as WITH ORDINALITY counts.
      events.map((e) => e.counter + 1),
      counters.map((c) => c.accountId),
      counters.map((c) => c.bucket.toISOString()),
      counters.map((c) => c.domain),
      counters.map((c) => c.automationId),
      counters.map((c) => c.shard),
      emailIds,
      [...new Set(events.flatMap((e) => webhookTypeOfEmailEvent(e.type) ?? []))],
      finish.map((f) => f.id),
      finish.map((f) => f.subject),
      finish.map((f) => f.html),
      finish.map((f) => f.text),
      finish.map((f) => f.keepBody),
      outcomes.map((o) => o.emailId),
    ],
  );
  for (const row of rows) {
    if (row.kind === "recorded") recorded.add(row.id);
    else if (row.kind === "hooked") hooked.add(row.id);
    else if (row.kind === "finished") finished.add(row.id);
    else statuses.push({ emailId: row.id, status: row.status!, nextAttemptAt: row.nextAttemptAt });
  }
  return { recorded, hooked, finished, statuses };
}
