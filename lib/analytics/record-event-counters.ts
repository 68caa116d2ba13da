import type { Tx } from "@/lib/db/client";

// Analytics are served from counters kept current in the same transaction as each event
// (DESIGN 9), never by scanning the events table. One row per account, hour, domain and
// automation ("" for none); top links have their own rows per URL.

const COLUMN: Record<string, string | undefined> = {
  "email.sent": "sent",
  "email.delivered": "delivered",
  "email.opened": "opened",
  "email.clicked": "clicked",
  "email.bounced": "bounced",
  "email.complaint": "complained",
};

export interface CountedEvent {
  accountId: string;
  emailId: string;
  recipientId: string | null;
  type: string;
  createdAt: Date;
  domain: string | null;
  automationId: string | null;
  data: Record<string, unknown>;
}

const SHARDS = 8;

function shardOf(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(h) % SHARDS;
}

export function hourBucket(at: Date): Date {
  const d = new Date(at);
  d.setUTCMinutes(0, 0, 0);
  return d;
}

export async function recordEventCounters(tx: Tx, event: CountedEvent) {
  const column = COLUMN[event.type];
  if (!column) return;
  const unique = event.data.unique === true;
  const bucket = hourBucket(event.createdAt);
  const domain = event.domain ?? "";
  const automationId = event.automationId ?? "";
  const uniqueOpened = column === "opened" && unique ? 1 : 0;
  const uniqueClicked = column === "clicked" && unique ? 1 : 0;
  const inc = (name: string) => (name === column ? 1 : 0);
  // Concurrent writers of one bucket land on different rows (see the schema); reads sum shards.
  // The shard follows the recipient, not chance: a transaction writing several events of one
  // recipient (sent, then delivered) locks one row, so two transactions cannot deadlock.
  const shard = shardOf(event.recipientId ?? event.emailId);
  await tx.$executeRaw`
    INSERT INTO "AnalyticsCounter" ("accountId", "bucket", "domain", "automationId", "shard",
      "sent", "delivered", "opened", "uniqueOpened", "clicked", "uniqueClicked", "bounced", "complained")
    VALUES (${event.accountId}, ${bucket}, ${domain}, ${automationId}, ${shard}, ${inc("sent")}, ${inc("delivered")}, ${inc("opened")},
      ${uniqueOpened}, ${inc("clicked")}, ${uniqueClicked}, ${inc("bounced")}, ${inc("complained")})
    ON CONFLICT ("accountId", "bucket", "domain", "automationId", "shard") DO UPDATE SET
      "sent" = "AnalyticsCounter"."sent" + EXCLUDED."sent",
      "delivered" = "AnalyticsCounter"."delivered" + EXCLUDED."delivered",
      "opened" = "AnalyticsCounter"."opened" + EXCLUDED."opened",
      "uniqueOpened" = "AnalyticsCounter"."uniqueOpened" + EXCLUDED."uniqueOpened",
      "clicked" = "AnalyticsCounter"."clicked" + EXCLUDED."clicked",
      "uniqueClicked" = "AnalyticsCounter"."uniqueClicked" + EXCLUDED."uniqueClicked",
      "bounced" = "AnalyticsCounter"."bounced" + EXCLUDED."bounced",
      "complained" = "AnalyticsCounter"."complained" + EXCLUDED."complained"`;
  if (column === "clicked" && typeof event.data.link === "string") {
    await tx.$executeRaw`
      INSERT INTO "AnalyticsLinkCounter" ("accountId", "bucket", "domain", "automationId", "url", "shard", "clicks", "uniqueClicks")
      VALUES (${event.accountId}, ${bucket}, ${domain}, ${automationId}, ${event.data.link}, ${shard}, 1, ${uniqueClicked})
      ON CONFLICT ("accountId", "bucket", "domain", "automationId", "url", "shard") DO UPDATE SET
        "clicks" = "AnalyticsLinkCounter"."clicks" + 1,
        "uniqueClicks" = "AnalyticsLinkCounter"."uniqueClicks" + EXCLUDED."uniqueClicks"`;
  }
}
