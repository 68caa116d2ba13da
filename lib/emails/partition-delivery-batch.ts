import { now } from "@/lib/clock/clock";
import { signingKeyFromRow, type DkimSigningKey } from "@/lib/domains/get-signing-key";
import { isSandboxFrom } from "@/lib/sandbox/sandbox-address";
import { getSandboxSigningKey } from "@/lib/sandbox/get-sandbox-signing-key";
import { TemplateTooComplexError } from "@/lib/templates/render";
import { domainOf, parseSenderAddress } from "./addresses";
import { dueRecipients, TERMINAL_EMAIL_STATUSES } from "./delivery-rules";
import { readEmailsForDeliverySql, type DeliveryRecipient, type EmailForDelivery } from "./read-email-for-delivery-sql";
import { BroadcastContentGoneError, renderEmailContent } from "./render-email-content";

/** An email on the batch's common path, with what building its messages needs. */
export interface PreparedEmail {
  row: EmailForDelivery;
  domain: string;
  dkim: DkimSigningKey;
  content: ReturnType<typeof renderEmailContent>;
  due: DeliveryRecipient[];
}

/** Stored attachments and relayed MIME past this size (as stored, compressed) take an email out of the batch read. */
const BATCH_ATTACHMENTS_MAX_BYTES = 256 * 1024;

/**
 * Reads a claimed batch in one statement and splits it: the emails on the common path
 * (`prepared`, by id, in the batch's order) and the positions of those delivered on their own
 * (`alone`: large attachments, or off the common path). A second job of the same email in the
 * batch is left out (the first one delivers it), as is an email already past delivery.
 */
export async function partitionDeliveryBatch(emailIds: string[]): Promise<{ prepared: Map<string, PreparedEmail>; alone: number[] }> {
  const { rows, large } = await readEmailsForDeliverySql(emailIds, { maxBytes: BATCH_ATTACHMENTS_MAX_BYTES });
  const seen = new Set<string>();
  const alone: number[] = [];
  const prepared = new Map<string, PreparedEmail>();
  for (const [i, id] of emailIds.entries()) {
    if (large.has(id)) {
      if (!seen.has(id)) alone.push(i);
      seen.add(id);
      continue;
    }
    const row = rows.get(id);
    if (!row || seen.has(id) || TERMINAL_EMAIL_STATUSES.has(row.email.status)) continue;
    seen.add(id);
    const ready = await prepareEmail(row).catch(() => null);
    if (ready) prepared.set(id, ready);
    else alone.push(i);
  }
  return { prepared, alone };
}

/**
 * What the common path needs of one email, or null when it is off that path (deliverEmail
 * handles it: a domain no longer held, a template that will not render or is gone, a suppressed
 * recipient, a test run: the failures and suppressions it records one by one).
 */
async function prepareEmail(row: EmailForDelivery): Promise<PreparedEmail | null> {
  const { email, domain: domainRow, template, broadcast } = row;
  if (email.isTest) return null;
  const domain = domainOf(parseSenderAddress(email.from)?.address ?? email.from);
  const sandbox = !email.domainId && isSandboxFrom(email.from);
  if (!sandbox && (!domainRow || domainRow.accountId !== email.accountId || domainRow.status !== "verified")) return null;
  const due = dueRecipients(row.recipients, now());
  if (due.some((r) => r.suppressed)) return null;
  let content: ReturnType<typeof renderEmailContent>;
  try {
    content = renderEmailContent(email, template, broadcast);
  } catch (error) {
    if (error instanceof TemplateTooComplexError || error instanceof BroadcastContentGoneError) return null;
    throw error;
  }
  const dkim = sandbox ? await getSandboxSigningKey() : signingKeyFromRow(domainRow!);
  return { row, domain, dkim, content, due };
}
