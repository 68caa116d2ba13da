import type { Tx } from "@/lib/db/client";
import type { CounterIncrement, LinkCounterIncrement } from "@/lib/analytics/record-event-counters";

export interface EmailEventRow {
  id: string;
  accountId: string;
  emailId: string;
  recipientId: string | null;
  recipient: string | null;
  type: string;
  data: unknown;
  tags: unknown;
  automationId: string | null;
  domain: string | null;
  createdAt: Date;
}

export interface SubscribedWebhookRow {
  id: string;
  accountId: string;
  events: string[];
}

// One statement, one fixed text whatever the number of events: every input goes in as one
// array per column. It writes the events, sets each email's lastEvent, adds to the analytics
// counters and the clicked links' counters (rows summed and ordered by the caller: one
// statement may not update a row twice, and two statements that take overlapping rows in one
// order cannot deadlock), and reads the active webhooks of the accounts that subscribe to one
// of the event types (none when the arrays are empty).
const RECORD_SQL = `
WITH inserted AS (
  INSERT INTO "EmailEvent" ("id", "accountId", "emailId", "recipientId", "recipient", "type", "data", "tags", "automationId",
    "domain", "createdAt")
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::jsonb[],
    $9::text[], $10::text[], $11::timestamp(3)[])
),
last_event AS (
  UPDATE "Email" e SET "lastEvent" = v."type", "updatedAt" = $12::timestamp(3)
  FROM unnest($13::text[], $14::text[]) AS v("id", "type")
  WHERE e."id" = v."id"
),
counted AS (
  INSERT INTO "AnalyticsCounter" ("accountId", "bucket", "domain", "automationId", "shard",
    "sent", "delivered", "opened", "uniqueOpened", "clicked", "uniqueClicked", "bounced", "complained")
  SELECT * FROM unnest($15::text[], $16::timestamp(3)[], $17::text[], $18::text[], $19::int[],
    $20::int[], $21::int[], $22::int[], $23::int[], $24::int[], $25::int[], $26::int[], $27::int[])
  ON CONFLICT ("accountId", "bucket", "domain", "automationId", "shard") DO UPDATE SET
    "sent" = "AnalyticsCounter"."sent" + EXCLUDED."sent",
    "delivered" = "AnalyticsCounter"."delivered" + EXCLUDED."delivered",
    "opened" = "AnalyticsCounter"."opened" + EXCLUDED."opened",
    "uniqueOpened" = "AnalyticsCounter"."uniqueOpened" + EXCLUDED."uniqueOpened",
    "clicked" = "AnalyticsCounter"."clicked" + EXCLUDED."clicked",
    "uniqueClicked" = "AnalyticsCounter"."uniqueClicked" + EXCLUDED."uniqueClicked",
    "bounced" = "AnalyticsCounter"."bounced" + EXCLUDED."bounced",
    "complained" = "AnalyticsCounter"."complained" + EXCLUDED."complained"
),
linked AS (
  INSERT INTO "AnalyticsLinkCounter" ("accountId", "bucket", "domain", "automationId", "url", "shard", "clicks", "uniqueClicks")
  SELECT * FROM unnest($28::text[], $29::timestamp(3)[], $30::text[], $31::text[], $32::text[], $33::int[], $34::int[],
    $35::int[])
  ON CONFLICT ("accountId", "bucket", "domain", "automationId", "url", "shard") DO UPDATE SET
    "clicks" = "AnalyticsLinkCounter"."clicks" + EXCLUDED."clicks",
    "uniqueClicks" = "AnalyticsLinkCounter"."uniqueClicks" + EXCLUDED."uniqueClicks"
)
SELECT "id", "accountId", "events" FROM "Webhook"
WHERE "accountId" = ANY($36::text[]) AND "status" = 'active' AND "events" && $37::text[]`;

const iso = (d: Date) => d.toISOString();

export async function recordEmailEventsSql(
  tx: Tx,
  params: {
    events: EmailEventRow[];
    /** Each email's last event type of this statement. */
    lastEvents: Map<string, string>;
    updatedAt: Date;
    counters: CounterIncrement[];
    links: LinkCounterIncrement[];
    webhookAccounts: string[];
    webhookTypes: string[];
  },
): Promise<SubscribedWebhookRow[]> {
  const { events, counters, links } = params;
  const column = <T, V>(rows: T[], pick: (row: T) => V) => rows.map(pick);
  return tx.$queryRawUnsafe<SubscribedWebhookRow[]>(
    RECORD_SQL,
    column(events, (e) => e.id),
    column(events, (e) => e.accountId),
    column(events, (e) => e.emailId),
    column(events, (e) => e.recipientId),
    column(events, (e) => e.recipient),
    column(events, (e) => e.type),
    column(events, (e) => JSON.stringify(e.data)),
    column(events, (e) => JSON.stringify(e.tags)),
    column(events, (e) => e.automationId),
    column(events, (e) => e.domain),
    column(events, (e) => iso(e.createdAt)),
    iso(params.updatedAt),
    [...params.lastEvents.keys()],
    [...params.lastEvents.values()],
    column(counters, (c) => c.accountId),
    column(counters, (c) => iso(c.bucket)),
    column(counters, (c) => c.domain),
    column(counters, (c) => c.automationId),
    column(counters, (c) => c.shard),
    column(counters, (c) => c.counts.sent),
    column(counters, (c) => c.counts.delivered),
    column(counters, (c) => c.counts.opened),
    column(counters, (c) => c.counts.uniqueOpened),
    column(counters, (c) => c.counts.clicked),
    column(counters, (c) => c.counts.uniqueClicked),
    column(counters, (c) => c.counts.bounced),
    column(counters, (c) => c.counts.complained),
    column(links, (l) => l.accountId),
    column(links, (l) => iso(l.bucket)),
    column(links, (l) => l.domain),
    column(links, (l) => l.automationId),
    column(links, (l) => l.url),
    column(links, (l) => l.shard),
    column(links, (l) => l.clicks),
    column(links, (l) => l.uniqueClicks),
    params.webhookAccounts,
    params.webhookTypes,
  );
}
