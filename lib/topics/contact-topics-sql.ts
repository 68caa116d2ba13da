import type { Db, Tx } from "@/lib/db/client";
import type { TopicSubscription } from "@/lib/generated/prisma/enums";

/**
 * SQL for "the contact may receive topic X": true when `topicParam` is NULL (no topic), else
 * when the contact's choice of the topic, or the topic's default where it never chose, is
 * opt_in. A topic id that names no topic receives nobody. Embed it in a statement where
 * `contactIdExpr` is the contact's id column (`c.id`) and `topicParam` a text parameter (`$4`);
 * it is one index probe per contact on each table, so a fan-out stays one set-based statement.
 */
export function contactMayReceiveTopicSql(contactIdExpr: string, topicParam: string): string {
  return `(${topicParam}::text IS NULL OR EXISTS (
    SELECT 1 FROM "Topic" t
    LEFT JOIN "ContactTopic" ct ON ct."topicId" = t.id AND ct."contactId" = ${contactIdExpr}
    WHERE t.id = ${topicParam}::text AND COALESCE(ct.subscription, t."defaultSubscription") = 'opt_in'))`;
}

export interface ContactTopicRow {
  id: string;
  name: string;
  description: string | null;
  subscription: TopicSubscription;
}

/** Every topic of the account with the contact's subscription to it (its choice, else the default). */
export async function selectContactTopics(db: Db | Tx, o: { accountId: string; contactId: string; limit: number }) {
  return db.$queryRaw<ContactTopicRow[]>`
    SELECT t.id, t.name, t.description, COALESCE(ct.subscription, t."defaultSubscription")::text AS subscription
    FROM "Topic" t
    LEFT JOIN "ContactTopic" ct ON ct."topicId" = t.id AND ct."contactId" = ${o.contactId}
    WHERE t."accountId" = ${o.accountId}
    ORDER BY t."createdAt", t.id
    LIMIT ${o.limit}`;
}
