import type { Db } from "@/lib/db/client";
import type { BOUNCE_TYPES, RECIPIENT_EVENT_TYPES } from "./sdk/sdk-broadcast-schemas";

// A broadcast's recipients by what happened to their email, and the links its emails had
// clicked. Recipients walk the broadcast's emails in contact order (the fan-out's unique index
// on broadcast and contact) until a page is full; events are read only for the recipients the
// page holds. Every statement is bounded by the pool's statement timeout.

type RecipientType = (typeof RECIPIENT_EVENT_TYPES)[number];
type BounceType = (typeof BOUNCE_TYPES)[number];

// Which recipients each type lists: the statuses as the broadcast's stats count them
// (broadcast-stats-sql.ts), first opens and clicks, and contacts who left since (unsubscribed
// from everything, or from the broadcast's topic).
const TYPE_WHERE: Record<RecipientType, string> = {
  sent: `r.status IN ('sent', 'deferred', 'delivered', 'bounced', 'complained')`,
  delivered: `r.status IN ('delivered', 'complained')`,
  opened: `r."firstOpenedAt" IS NOT NULL`,
  clicked: `r."firstClickedAt" IS NOT NULL`,
  bounced: `r.status = 'bounced'`,
  complained: `r.status = 'complained'`,
  suppressed: `r.status = 'suppressed'`,
  unsubscribed: `EXISTS (
    SELECT 1 FROM "Contact" c WHERE c.id = e."contactId" AND (NOT c.subscribed OR EXISTS (
      SELECT 1 FROM "ContactTopic" ct WHERE ct."contactId" = c.id AND ct."topicId" = $7 AND ct.subscription = 'opt_out')))`,
};

// The bounce's kind as the delivery recorded it (hard: permanent, soft: transient).
const BOUNCE_KIND = `(SELECT CASE ev.data->'bounce'->>'type' WHEN 'hard' THEN 'permanent' WHEN 'soft' THEN 'transient' ELSE 'undetermined' END
   FROM "EmailEvent" ev WHERE ev."recipientId" = r.id AND ev.type = 'email.bounced' ORDER BY ev."createdAt" DESC LIMIT 1)`;

const RECIPIENTS_SQL = (type: RecipientType) => `
SELECT r.id, e."contactId" AS "contactId", r.email,
  ${type === "opened" ? `(SELECT count(*)::int FROM "EmailEvent" ev WHERE ev."recipientId" = r.id AND ev.type = 'email.opened')` : "NULL::int"} AS opens,
  ${
    type === "clicked"
      ? `(SELECT coalesce(jsonb_agg(jsonb_build_object('url', l.url, 'clicks', l.clicks) ORDER BY l.clicks DESC, l.url), '[]'::jsonb)
          FROM (SELECT ev.data->>'link' AS url, count(*)::int AS clicks FROM "EmailEvent" ev
                WHERE ev."recipientId" = r.id AND ev.type = 'email.clicked' GROUP BY 1) l)`
      : "NULL::jsonb"
  } AS links,
  ${type === "bounced" ? BOUNCE_KIND : "NULL::text"} AS "bounceType"
FROM "Email" e
JOIN "EmailRecipient" r ON r."emailId" = e.id
WHERE e."broadcastId" = $1 AND e."accountId" = $2 AND e."contactId" IS NOT NULL
  AND ($3::text IS NULL OR r.email = lower($3::text))
  AND ${TYPE_WHERE[type]}
  AND ($6::text IS NULL OR ${BOUNCE_KIND} = $6::text)
ORDER BY e."contactId", r.id
LIMIT $4 OFFSET $5`;

export interface BroadcastRecipientRow {
  id: string;
  contactId: string | null;
  email: string;
  opens: number | null;
  links: { url: string; clicks: number }[] | null;
  bounceType: BounceType | null;
}

export async function selectBroadcastRecipients(
  db: Db,
  params: {
    accountId: string;
    broadcastId: string;
    topicId: string | null;
    type: RecipientType;
    email: string | null;
    bounceType: BounceType | null;
    limit: number;
    offset: number;
  },
): Promise<BroadcastRecipientRow[]> {
  return db.$queryRawUnsafe<BroadcastRecipientRow[]>(
    RECIPIENTS_SQL(params.type),
    params.broadcastId,
    params.accountId,
    params.email,
    params.limit,
    params.offset,
    params.type === "bounced" ? params.bounceType : null,
    // $7 is in the statement only for "unsubscribed": a parameter it does not name has no type.
    ...(params.type === "unsubscribed" ? [params.topicId] : []),
  );
}

const CLICKED_LINKS_SQL = `
SELECT ev.data->>'link' AS url, count(*)::int AS clicks, count(DISTINCT ev."recipientId")::int AS "uniqueClicks"
FROM "Email" e
JOIN "EmailRecipient" r ON r."emailId" = e.id AND r."firstClickedAt" IS NOT NULL
JOIN "EmailEvent" ev ON ev."recipientId" = r.id AND ev.type = 'email.clicked'
WHERE e."broadcastId" = $1 AND e."accountId" = $2
GROUP BY 1
ORDER BY clicks DESC, url
LIMIT $3 OFFSET $4`;

export interface BroadcastClickedLinkRow {
  url: string;
  clicks: number;
  uniqueClicks: number;
}

export async function selectBroadcastClickedLinks(
  db: Db,
  params: { accountId: string; broadcastId: string; limit: number; offset: number },
): Promise<BroadcastClickedLinkRow[]> {
  return db.$queryRawUnsafe<BroadcastClickedLinkRow[]>(
    CLICKED_LINKS_SQL,
    params.broadcastId,
    params.accountId,
    params.limit,
    params.offset,
  );
}

// The dashboard's recipients list: every recipient of the broadcast with its delivery status and
// first open and click, optionally of one status, in contact order.
const RECIPIENT_STATUS_SQL = `
SELECT r.id, e."contactId" AS "contactId", r.email, r.status::text AS status,
       r."firstOpenedAt" AS "openedAt", r."firstClickedAt" AS "clickedAt"
FROM "Email" e
JOIN "EmailRecipient" r ON r."emailId" = e.id
WHERE e."broadcastId" = $1 AND e."accountId" = $2 AND e."contactId" IS NOT NULL
  AND ($3::text IS NULL OR r.status::text = $3::text)
ORDER BY e."contactId", r.id
LIMIT $4 OFFSET $5`;

export interface BroadcastRecipientStatusRow {
  id: string;
  contactId: string;
  email: string;
  status: string;
  openedAt: Date | null;
  clickedAt: Date | null;
}

export async function selectBroadcastRecipientStatuses(
  db: Db,
  params: { accountId: string; broadcastId: string; status: string | null; limit: number; offset: number },
): Promise<BroadcastRecipientStatusRow[]> {
  return db.$queryRawUnsafe<BroadcastRecipientStatusRow[]>(
    RECIPIENT_STATUS_SQL,
    params.broadcastId,
    params.accountId,
    params.status,
    params.limit,
    params.offset,
  );
}

const RECIPIENT_STATUS_COUNT_SQL = `
SELECT count(*)::int AS n
FROM "Email" e
JOIN "EmailRecipient" r ON r."emailId" = e.id
WHERE e."broadcastId" = $1 AND e."accountId" = $2 AND e."contactId" IS NOT NULL
  AND ($3::text IS NULL OR r.status::text = $3::text)`;

export async function countBroadcastRecipientStatuses(
  db: Db,
  params: { accountId: string; broadcastId: string; status: string | null },
): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(RECIPIENT_STATUS_COUNT_SQL, params.broadcastId, params.accountId, params.status);
  return row?.n ?? 0;
}
