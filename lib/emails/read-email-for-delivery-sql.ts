import type { Db } from "@/lib/db/client";
import type { Email, EmailRecipient } from "@/lib/generated/prisma/client";

export type DeliveryRecipient = EmailRecipient & { suppressed: boolean };

export interface EmailForDelivery {
  email: Email;
  recipients: DeliveryRecipient[];
  account: { trackOpens: boolean; trackClicks: boolean };
  /** The email's domain row with what signing needs (null once the domain was deleted). */
  domain: { id: string; accountId: string; domain: string; dkimSelector: string; dkimPrivateKeyEnc: string; status: string } | null;
  template: { subject: string; htmlBody: string } | null;
}

type Row = Email & {
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
  _recipients: (Omit<EmailRecipient, DateColumn> & Record<DateColumn, string | null> & { suppressed: boolean })[];
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

// The columns are `timestamp(3)` holding UTC (as Prisma writes them); to_jsonb leaves the zone out.
const utcDate = (value: string | null) => (value === null ? null : new Date(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`));

/** One email's delivery read (readEmailsForDeliverySql for one id). */
export async function readEmailForDeliverySql(db: Db, emailId: string): Promise<EmailForDelivery | null> {
  return (await readEmailsForDeliverySql(db, [emailId])).get(emailId) ?? null;
}

/**
 * Of these emails, the ids whose stored attachments take more than `maxBytes` (their size as
 * stored, compressed, read from the TOAST pointer without loading the value).
 */
export async function largeEmailIdsSql(db: Db, emailIds: string[], maxBytes: number): Promise<Set<string>> {
  if (!emailIds.length) return new Set();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Email"
    WHERE "id" = ANY(${emailIds}::text[]) AND "attachments" IS NOT NULL AND pg_column_size("attachments") > ${maxBytes}`;
  return new Set(rows.map((row) => row.id));
}

/**
 * Everything `email.send` runs need, in one statement for any number of emails: each email,
 * its recipients (each with whether its address is on the account's suppression list), the
 * account's tracking settings, the domain's signing columns and the template. The ORM's
 * include would be five per email. Keyed by email id; an id with no row is absent.
 */
export async function readEmailsForDeliverySql(db: Db, emailIds: string[]): Promise<Map<string, EmailForDelivery>> {
  const out = new Map<string, EmailForDelivery>();
  if (!emailIds.length) return out;
  const rows = await db.$queryRaw<Row[]>`
    SELECT e.*,
      a."trackOpens" AS "_trackOpens", a."trackClicks" AS "_trackClicks",
      d."id" AS "_domainId", d."accountId" AS "_domainAccountId", d."domain" AS "_domainName",
      d."dkimSelector" AS "_dkimSelector", d."dkimPrivateKeyEnc" AS "_dkimPrivateKeyEnc", d."status"::text AS "_domainStatus",
      t."subject" AS "_templateSubject", t."htmlBody" AS "_templateHtml",
      COALESCE((
        SELECT json_agg(to_jsonb(r) || jsonb_build_object('suppressed', EXISTS (
          SELECT 1 FROM "Suppression" s WHERE s."accountId" = r."accountId" AND s."email" = r."email")))
        FROM "EmailRecipient" r WHERE r."emailId" = e."id"
      ), '[]') AS "_recipients"
    FROM "Email" e
    JOIN "Account" a ON a."id" = e."accountId"
    LEFT JOIN "Domain" d ON d."id" = e."domainId"
    LEFT JOIN "Template" t ON t."id" = e."templateId"
    WHERE e."id" = ANY(${emailIds}::text[])`;
  for (const row of rows) out.set(row.id, fromRow(row));
  return out;
}

function fromRow(row: Row): EmailForDelivery {
  const {
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
    _recipients,
    ...email
  } = row;
  const recipients = _recipients.map((r) => {
    const out = { ...r } as unknown as DeliveryRecipient;
    for (const column of DATE_COLUMNS) (out as Record<DateColumn, Date | null>)[column] = utcDate(r[column]);
    return out;
  });
  return {
    email,
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
  };
}
