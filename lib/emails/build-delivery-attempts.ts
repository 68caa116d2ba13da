import type { DeliveryOutcome, OutgoingMessage } from "@/lib/transports/transport";
import { buildRecipientMessage, type NewTrackingToken } from "./build-recipient-message";
import { attemptMessageId } from "./delivery-rules";
import type { PreparedEmail } from "./partition-delivery-batch";
import type { DeliveryRecipient } from "./read-email-for-delivery-sql";

/** One recipient's attempt in a batch: its message, and once handed over, the receiver's outcome. */
export interface DeliveryAttempt {
  prepared: PreparedEmail;
  recipient: DeliveryRecipient;
  messageId: string;
  message: OutgoingMessage;
  outcome?: DeliveryOutcome;
}

/**
 * The content a batch builds at most before its hand-over: each email's rendered html, text,
 * attachments and relayed MIME, once per due recipient (each recipient's message is a copy with
 * its own tracking). An email that would pass it (a 2 MB body to 150 recipients is 600 MB) is
 * delivered on its own, one recipient at a time, after the batch.
 */
const BATCH_CONTENT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Builds every due recipient's message (its tracking tokens chosen) of the prepared emails, in
 * order, until the batch's content bound: the emails past it are `overflow` (delivered on their
 * own), the others `batched`. An email whose building fails is in `failed` with its error (it
 * stays in the batch: taken, it stays `sending` and its job retries), and contributes no
 * attempts or tokens.
 */
export async function buildDeliveryAttempts(prepared: PreparedEmail[]): Promise<{
  batched: PreparedEmail[];
  overflow: PreparedEmail[];
  attempts: DeliveryAttempt[];
  tokens: NewTrackingToken[];
  failed: Map<string, unknown>;
}> {
  const batched: PreparedEmail[] = [];
  const overflow: PreparedEmail[] = [];
  const attempts: DeliveryAttempt[] = [];
  const tokens: NewTrackingToken[] = [];
  const failed = new Map<string, unknown>();
  let contentBytes = 0;
  for (const p of prepared) {
    const bytes = builtBytes(p);
    if (contentBytes + bytes > BATCH_CONTENT_MAX_BYTES) {
      overflow.push(p);
      continue;
    }
    contentBytes += bytes;
    batched.push(p);
    const own: NewTrackingToken[] = [];
    try {
      const built: DeliveryAttempt[] = [];
      for (const recipient of p.due) {
        const messageId = attemptMessageId(recipient, p.domain);
        const message = await buildRecipientMessage({
          email: p.row.email,
          recipient,
          messageId,
          content: p.content,
          domain: p.domain,
          dkim: p.dkim,
          tracking: { opens: p.row.account.trackOpens, clicks: p.row.account.trackClicks },
          collectTokens: (t) => own.push(...t),
        });
        built.push({ prepared: p, recipient, messageId, message });
      }
      attempts.push(...built);
      tokens.push(...own);
    } catch (error) {
      failed.set(p.row.email.id, error);
    }
  }
  return { batched, overflow, attempts, tokens, failed };
}

/** About what building an email's messages holds: its content once per due recipient. */
function builtBytes(p: PreparedEmail): number {
  const { email } = p.row;
  const attachments = email.attachments ? JSON.stringify(email.attachments).length : 0;
  const content = (p.content.html?.length ?? 0) + (p.content.text?.length ?? 0) + (email.rawMime?.length ?? 0) + attachments;
  return content * p.due.length;
}
