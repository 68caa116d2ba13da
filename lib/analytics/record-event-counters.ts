// Analytics are served from counters kept current in the same transaction as each event,
// never by scanning the events table. One row per account, hour, domain and
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

/** What a set of events adds to one AnalyticsCounter row. */
export interface CounterIncrement {
  accountId: string;
  bucket: Date;
  domain: string;
  automationId: string;
  shard: number;
  counts: Record<(typeof COUNTS)[number], number>;
}

/** What a set of clicks adds to one AnalyticsLinkCounter row. */
export interface LinkCounterIncrement {
  accountId: string;
  bucket: Date;
  domain: string;
  automationId: string;
  url: string;
  shard: number;
  clicks: number;
  uniqueClicks: number;
}

const byKey = <T>(rows: Map<string, T>): T[] => [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

/**
 * What several events (a recipient's sent and delivered, a delivery batch's outcomes) add to
 * the counters: one increment per counter row, summed since one statement may not update a row
 * twice, and one per clicked link's row. Each list is in the order of the rows' keys, whatever
 * the events' order: two statements upserting overlapping rows take them in the same order, so
 * they cannot deadlock. The statement is recordEmailEventsSql (lib/emails).
 */
export function eventCounterIncrements(events: CountedEvent[]): { counters: CounterIncrement[]; links: LinkCounterIncrement[] } {
  const rows = new Map<string, CounterIncrement>();
  const links = new Map<string, LinkCounterIncrement>();
  for (const event of events) {
    const column = COLUMN[event.type] as (typeof COUNTS)[number] | undefined;
    if (!column) continue;
    const unique = event.data.unique === true;
    const { key, bucket, domain, automationId, shard } = counterRowOf(event);
    let row = rows.get(key);
    if (!row) {
      const counts = Object.fromEntries(COUNTS.map((c) => [c, 0])) as CounterIncrement["counts"];
      rows.set(key, (row = { accountId: event.accountId, bucket, domain, automationId, shard, counts }));
    }
    row.counts[column] += 1;
    if (column === "opened" && unique) row.counts.uniqueOpened += 1;
    if (column === "clicked" && unique) row.counts.uniqueClicked += 1;
    if (column === "clicked" && typeof event.data.link === "string") {
      const url = event.data.link;
      const linkKey = JSON.stringify([key, url]);
      let link = links.get(linkKey);
      if (!link)
        links.set(linkKey, (link = { accountId: event.accountId, bucket, domain, automationId, url, shard, clicks: 0, uniqueClicks: 0 }));
      link.clicks += 1;
      if (unique) link.uniqueClicks += 1;
    }
  }
  return { counters: byKey(rows), links: byKey(links) };
}
