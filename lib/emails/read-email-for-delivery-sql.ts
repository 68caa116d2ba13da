import { hotQuery } from "@/lib/db/hot-query";
import type { Email, EmailRecipient } from "@/lib/generated/prisma/client";
import type { LayoutContent } from "@/lib/layouts/layout-content";
import type { BroadcastBodySource } from "./render-email-content";

export type DeliveryRecipient = EmailRecipient & { suppressed: boolean };

export interface EmailForDelivery {
  email: Email;
  recipients: DeliveryRecipient[];
  account: { trackOpens: boolean; trackClicks: boolean };
  /** The email's domain row with what signing needs (null once the domain was deleted). */
  domain: { id: string; accountId: string; domain: string; dkimSelector: string; dkimPrivateKeyEnc: string; status: string } | null;
  template: { subject: string; htmlBody: string } | null;
  /** A broadcast member's email stored without a body: the body its broadcast fixed when its fan-out started (null: none). */
  broadcast: BroadcastBodySource | null;
}

type Row = Email & {
  _large: boolean;
  _trackOpens: boolean;
  _trackClicks: boolean;
  _domainId: string | null;
  _domainAccountId: string | null;
  _domainName: string | null;
  _dkimSelector: string | null;
  _dkimPrivateKeyEnc: string | null;
  _domainStatus: string | null;
  _templateSubject: string | null;
  _templateHtml: string | null;
  _broadcastFound: boolean;
  _broadcastHtml: string | null;
  _broadcastText: string | null;
  _layout: LayoutContent | null;
  _recipients: (Omit<EmailRecipient, DateColumn> & Record<DateColumn, string | null> & { suppressed: boolean })[] | null;
};

type DateColumn = "nextAttemptAt" | "attemptStartedAt" | "deliveredAt" | "firstOpenedAt" | "firstClickedAt" | "createdAt" | "updatedAt";
const DATE_COLUMNS: DateColumn[] = [
  "nextAttemptAt",
  "attemptStartedAt",
  "deliveredAt",
  "firstOpenedAt",
  "firstClickedAt",
  "createdAt",
  "updatedAt",
];

// The columns are `timestamp(3)` holding UTC (as Prisma writes them); JSON leaves the zone out.
const utcDate = (value: string | null) => (value === null ? null : new Date(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`));

/** One email's delivery read, whatever its attachments' size (readEmailsForDeliverySql for one id). */
export async function readEmailForDeliverySql(emailId: string): Promise<EmailForDelivery | null> {
  return (await readEmailsForDeliverySql([emailId])).rows.get(emailId) ?? null;
}

// A named prepared statement (hotQuery): explicit columns, never e.*, so a schema change cannot
// break its cached plan. An email whose stored attachments and relayed MIME take more than $2
// bytes (their size as stored, compressed, read from the TOAST pointer without loading them)
// comes back without them, marked `_large`: it is delivered on its own (a null $2: no bound).
const READ_EMAILS = `
  SELECT e."id", s."large" AS "_large", e."accountId", e."domainId", e."from", e."to", e."cc", e."bcc", e."replyTo",
    e."subject", e."html", e."text", e."templateId", e."variables", e."headers", e."tags",
    CASE WHEN s."large" THEN NULL ELSE e."attachments" END AS "attachments", e."status"::text AS "status",
    e."scheduledAt", e."sentAt", e."lastEvent", e."messageId", CASE WHEN s."large" THEN NULL ELSE e."rawMime" END AS "rawMime",
    e."automationId", e."enrollmentId", e."stepId", e."broadcastId", e."contactId", e."isTest", e."createdAt", e."updatedAt",
    a."trackOpens" AS "_trackOpens", a."trackClicks" AS "_trackClicks",
    d."id" AS "_domainId", d."accountId" AS "_domainAccountId", d."domain" AS "_domainName",
    d."dkimSelector" AS "_dkimSelector", d."dkimPrivateKeyEnc" AS "_dkimPrivateKeyEnc", d."status"::text AS "_domainStatus",
    t."subject" AS "_templateSubject", t."htmlBody" AS "_templateHtml",
    (b."sendSubject" IS NOT NULL) AS "_broadcastFound",
    b."sendHtml" AS "_broadcastHtml", b."sendText" AS "_broadcastText",
    CASE WHEN b."id" IS NOT NULL THEN (
      SELECT json_build_object('headerText', l."headerText", 'logoUrl', l."logoUrl", 'footerText', l."footerText",
        'address', l."address", 'brandColor', l."brandColor", 'font', l."font")
      FROM "Layout" l WHERE l."accountId" = e."accountId" AND l."isDefault" LIMIT 1) END AS "_layout",
    (SELECT json_agg(json_build_object(
        'id', r."id", 'accountId', r."accountId", 'emailId', r."emailId", 'email', r."email", 'kind', r."kind",
        'status', r."status", 'attempts', r."attempts", 'nextAttemptAt', r."nextAttemptAt", 'lastResponse', r."lastResponse",
        'verpToken', r."verpToken", 'messageId', r."messageId", 'attemptStartedAt', r."attemptStartedAt",
        'deliveredAt', r."deliveredAt", 'firstOpenedAt', r."firstOpenedAt", 'firstClickedAt', r."firstClickedAt",
        'createdAt', r."createdAt", 'updatedAt', r."updatedAt",
        'suppressed', EXISTS (SELECT 1 FROM "Suppression" x WHERE x."accountId" = r."accountId" AND x."email" = r."email")))
      FROM "EmailRecipient" r WHERE r."emailId" = e."id") AS "_recipients"
  FROM "Email" e
  CROSS JOIN LATERAL (
    SELECT $2::int8 IS NOT NULL
      AND COALESCE(pg_column_size(e."attachments"), 0) + COALESCE(pg_column_size(e."rawMime"), 0) > $2::int8 AS "large"
  ) s
  JOIN "Account" a ON a."id" = e."accountId"
  LEFT JOIN "Domain" d ON d."id" = e."domainId"
  LEFT JOIN "Template" t ON t."id" = e."templateId"
  LEFT JOIN "Broadcast" b ON b."id" = e."broadcastId" AND b."accountId" = e."accountId" AND e."html" IS NULL AND e."text" IS NULL
  WHERE e."id" = ANY($1::text[])`;

/**
 * Everything `email.send` runs need, in one statement for any number of emails: each email,
 * its recipients (each with whether its address is on the account's suppression list), the
 * account's tracking settings, the domain's signing columns, the template, and for a broadcast
 * member's email without a body of its own the broadcast's send body and the default layout. `rows` is keyed
 * by email id (an id with no row is absent); `large` holds the ids whose attachments and
 * relayed MIME passed `maxBytes` as stored: they are left out of `rows`, unread.
 */
export async function readEmailsForDeliverySql(
  emailIds: string[],
  options: { maxBytes?: number } = {},
): Promise<{ rows: Map<string, EmailForDelivery>; large: Set<string> }> {
  const rows = new Map<string, EmailForDelivery>();
  const large = new Set<string>();
  if (!emailIds.length) return { rows, large };
  const found = await hotQuery<Row>("emails_read_for_delivery", READ_EMAILS, [emailIds, options.maxBytes ?? null]);
  for (const row of found) {
    if (row._large) large.add(row.id);
    else rows.set(row.id, fromRow(row));
  }
  return { rows, large };
}

function fromRow(row: Row): EmailForDelivery {
  const {
    _large,
    _trackOpens,
    _trackClicks,
    _domainId,
    _domainAccountId,
    _domainName,
    _dkimSelector,
    _dkimPrivateKeyEnc,
    _domainStatus,
    _templateSubject,
    _templateHtml,
    _broadcastFound,
    _broadcastHtml,
    _broadcastText,
    _layout,
    _recipients,
    ...email
  } = row;
  const recipients = (_recipients ?? []).map((r) => {
    const out = r as unknown as DeliveryRecipient;
    for (const column of DATE_COLUMNS) (out as Record<DateColumn, Date | null>)[column] = utcDate(r[column]);
    return out;
  });
  return {
    email: email as Email,
    recipients,
    account: { trackOpens: _trackOpens, trackClicks: _trackClicks },
    domain: _domainId
      ? {
          id: _domainId,
          accountId: _domainAccountId!,
          domain: _domainName!,
          dkimSelector: _dkimSelector!,
          dkimPrivateKeyEnc: _dkimPrivateKeyEnc!,
          status: _domainStatus!,
        }
      : null,
    template: _templateSubject !== null ? { subject: _templateSubject, htmlBody: _templateHtml ?? "" } : null,
    broadcast: _broadcastFound ? { html: _broadcastHtml ?? "", text: _broadcastText, layout: _layout } : null,
  };
}
