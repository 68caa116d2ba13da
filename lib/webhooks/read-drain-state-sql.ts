import { hotQuery } from "@/lib/db/hot-query";
import type { MessageForAttempt } from "./read-delivery-state-sql";

// The reads of a batch of webhook delivery attempts (deliverWebhookMessages): one statement for
// every claimed message, and once a webhook's lease is held, one for that webhook's messages,
// its row and the first message of another run that must go before some of them.

/** Each (message, attempt) found, with whether that attempt already has a log row. */
export async function readMessagesForAttemptsSql(
  items: { messageId: string; attempt: number }[],
): Promise<(MessageForAttempt & { forAttempt: number })[]> {
  if (!items.length) return [];
  return hotQuery<MessageForAttempt & { forAttempt: number }>(
    "webhooks_read_messages_for_attempts",
    `SELECT m."id", m."webhookId", m."eventId", m."eventType", m."payload", m."status"::text AS "status", m."attempts", m."createdAt",
       EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."messageId" = m."id" AND d."attempt" = i."attempt") AS "logged",
       i."attempt" AS "forAttempt"
     FROM unnest($1::text[], $2::int[]) AS i("id", "attempt")
     JOIN "WebhookMessage" m ON m."id" = i."id"`,
    [items.map((i) => i.messageId), items.map((i) => i.attempt)],
  );
}

export interface DrainTargets {
  /** State of each message found, by id. */
  messages: Map<string, { status: MessageForAttempt["status"]; attempts: number }>;
  /** Null when the webhook is gone (its messages with it). */
  webhook: { id: string; accountId: string; url: string; status: "active" | "failed"; secret: string } | null;
  /**
   * The oldest message of the webhook that is not in `messageIds`, is due with a live delivery
   * job (another run will send it) and is older than the newest of `messageIds`: the messages
   * after it wait for it.
   */
  blocker: { createdAt: Date; id: string } | null;
}

/** One statement: the state of `messageIds` (one webhook's), the webhook, and the blocker. */
export async function readDrainTargetsSql(p: {
  webhookId: string;
  messageIds: string[];
  /** The newest of `messageIds` in the webhook's order. */
  last: { createdAt: Date; id: string };
  at: Date;
  /** Prefix of a message's delivery job key: `<prefix><messageId>:<attempt>`. */
  jobKeyPrefix: string;
}): Promise<DrainTargets> {
  const rows = await hotQuery<{
    kind: "message" | "webhook" | "blocker";
    id: string;
    status: string;
    attempts: number | null;
    accountId: string | null;
    url: string | null;
    secret: string | null;
    createdAt: Date | null;
  }>(
    "webhooks_read_drain_targets",
    `SELECT 'message' AS "kind", m."id", m."status"::text AS "status", m."attempts", NULL::text AS "accountId",
       NULL::text AS "url", NULL::text AS "secret", NULL::timestamp(3) AS "createdAt"
     FROM "WebhookMessage" m WHERE m."id" = ANY($2::text[]) AND m."webhookId" = $1
     UNION ALL
     SELECT 'webhook', w."id", w."status"::text, NULL, w."accountId", w."url", w."secret", NULL
     FROM "Webhook" w WHERE w."id" = $1
     UNION ALL
     (SELECT 'blocker', o."id", o."status"::text, NULL, NULL, NULL, NULL, o."createdAt"
      FROM "WebhookMessage" o
      WHERE o."webhookId" = $1 AND o."status" = 'pending' AND NOT (o."id" = ANY($2::text[]))
        AND o."nextAttemptAt" <= $5::timestamp(3)
        AND (o."createdAt", o."id") < ($3::timestamp(3), $4::text)
        AND EXISTS (
          SELECT 1 FROM "Job" j
          WHERE j."dedupeKey" = $6 || o."id" || ':' || (o."attempts" + 1)::text AND j."status" IN ('pending', 'running'))
      ORDER BY o."createdAt", o."id"
      LIMIT 1)`,
    [p.webhookId, p.messageIds, p.last.createdAt, p.last.id, p.at, p.jobKeyPrefix],
  );
  const targets: DrainTargets = { messages: new Map(), webhook: null, blocker: null };
  for (const row of rows) {
    if (row.kind === "message")
      targets.messages.set(row.id, { status: row.status as MessageForAttempt["status"], attempts: row.attempts! });
    else if (row.kind === "webhook")
      targets.webhook = {
        id: row.id,
        accountId: row.accountId!,
        url: row.url!,
        status: row.status as "active" | "failed",
        secret: row.secret!,
      };
    else targets.blocker = { createdAt: row.createdAt!, id: row.id };
  }
  return targets;
}
