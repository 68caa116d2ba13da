import { Prisma } from "@/lib/generated/prisma/client";

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

/**
 * The counter row an event counts in, and its key: statements that upsert several rows take
 * them in the order of their keys, so two of them cannot deadlock.
 */
export function counterRowOf(event: Pick<CountedEvent, "accountId" | "emailId" | "recipientId" | "createdAt" | "domain" | "automationId">) {
  const bucket = hourBucket(event.createdAt);
  const domain = event.domain ?? "";
  const automationId = event.automationId ?? "";
  // Concurrent writers of one bucket land on different rows (see the schema); reads sum shards.
  // The shard follows the recipient, not chance: a transaction writing several events of one
  // recipient (sent, then delivered) locks one row, so two transactions cannot deadlock.
  const shard = shardOf(event.recipientId ?? event.emailId);
  const key = JSON.stringify([event.accountId, bucket.getTime(), domain, automationId, shard]);
  return { key, accountId: event.accountId, bucket, domain, automationId, shard };
}

const COUNTS = ["sent", "delivered", "opened", "uniqueOpened", "clicked", "uniqueClicked", "bounced", "complained"] as const;

/**
 * The counter statements of several events (a recipient's sent and delivered), for the caller
 * that folds the upsert into its own statement as a CTE (recordEmailEvents): the
 * AnalyticsCounter upsert, each row's increments summed first since one statement may not
 * update a row twice (null when no event counts), and one AnalyticsLinkCounter upsert per
 * click with a link.
 */
export function eventCountersSql(events: CountedEvent[]): { counters: Prisma.Sql | null; links: Prisma.Sql[] } {
  const rows = new Map<
    string,
    {
      accountId: string;
      bucket: Date;
      domain: string;
      automationId: string;
      shard: number;
      counts: Record<(typeof COUNTS)[number], number>;
    }
  >();
  const links: { accountId: string; bucket: Date; domain: string; automationId: string; url: string; shard: number; unique: number }[] = [];
  for (const event of events) {
    const column = COLUMN[event.type];
    if (!column) continue;
    const unique = event.data.unique === true;
    const { key, bucket, domain, automationId, shard } = counterRowOf(event);
    let row = rows.get(key);
    if (!row) {
      row = {
        accountId: event.accountId,
        bucket,
        domain,
        automationId,
        shard,
        counts: { sent: 0, delivered: 0, opened: 0, uniqueOpened: 0, clicked: 0, uniqueClicked: 0, bounced: 0, complained: 0 },
      };
      rows.set(key, row);
    }
    row.counts[column as (typeof COUNTS)[number]] += 1;
    if (column === "opened" && unique) row.counts.uniqueOpened += 1;
    if (column === "clicked" && unique) row.counts.uniqueClicked += 1;
    if (column === "clicked" && typeof event.data.link === "string") {
      links.push({ accountId: event.accountId, bucket, domain, automationId, url: event.data.link, shard, unique: unique ? 1 : 0 });
    }
  }
  let counters: Prisma.Sql | null = null;
  if (rows.size) {
    // In one order whatever the events' (a batch's statement locks several rows): two
    // statements upserting overlapping rows take them in the same order, so cannot deadlock.
    const values = [...rows.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, r]) => r)
      .map(
        (r) =>
          Prisma.sql`(${r.accountId}, ${r.bucket}, ${r.domain}, ${r.automationId}, ${r.shard}, ${Prisma.join(COUNTS.map((c) => r.counts[c]))})`,
      );
    counters = Prisma.sql`
      INSERT INTO "AnalyticsCounter" ("accountId", "bucket", "domain", "automationId", "shard",
        "sent", "delivered", "opened", "uniqueOpened", "clicked", "uniqueClicked", "bounced", "complained")
      VALUES ${Prisma.join(values)}
      ON CONFLICT ("accountId", "bucket", "domain", "automationId", "shard") DO UPDATE SET
        "sent" = "AnalyticsCounter"."sent" + EXCLUDED."sent",
        "delivered" = "AnalyticsCounter"."delivered" + EXCLUDED."delivered",
        "opened" = "AnalyticsCounter"."opened" + EXCLUDED."opened",
        "uniqueOpened" = "AnalyticsCounter"."uniqueOpened" + EXCLUDED."uniqueOpened",
        "clicked" = "AnalyticsCounter"."clicked" + EXCLUDED."clicked",
        "uniqueClicked" = "AnalyticsCounter"."uniqueClicked" + EXCLUDED."uniqueClicked",
        "bounced" = "AnalyticsCounter"."bounced" + EXCLUDED."bounced",
        "complained" = "AnalyticsCounter"."complained" + EXCLUDED."complained"`;
  }
  return {
    counters,
    links: links.map(
      (link) => Prisma.sql`
      INSERT INTO "AnalyticsLinkCounter" ("accountId", "bucket", "domain", "automationId", "url", "shard", "clicks", "uniqueClicks")
      VALUES (${link.accountId}, ${link.bucket}, ${link.domain}, ${link.automationId}, ${link.url}, ${link.shard}, 1, ${link.unique})
      ON CONFLICT ("accountId", "bucket", "domain", "automationId", "url", "shard") DO UPDATE SET
        "clicks" = "AnalyticsLinkCounter"."clicks" + 1,
        "uniqueClicks" = "AnalyticsLinkCounter"."uniqueClicks" + EXCLUDED."uniqueClicks"`,
    ),
  };
}
