import { normalizeClickUrl } from "@/lib/tracking/normalize-click-url";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { appUrl } from "@/lib/config/env";
import type { Email, EmailRecipient } from "@/lib/generated/prisma/client";
import type { DkimSigningKey } from "@/lib/domains/get-signing-key";
import { addTracking } from "@/lib/mail/add-tracking";
import { htmlToPlainText, toHtmlDocument } from "@/lib/mail/html-alternative";
import { buildRelayMessage } from "@/lib/smtp/build-relay-message";
import type { OutgoingMessage } from "@/lib/mail/transport";

export interface NewTrackingToken {
  token: string;
  kind: "open" | "click";
  url: string | null;
  accountId: string;
  emailId: string;
  recipientId: string;
}

export interface RenderedContent {
  subject: string;
  html: string | null;
  text: string | null;
}

/**
 * One recipient's signed message: its own tracking tokens (so an open or click names the
 * recipient), its own VERP return path (so a bounce does), one DKIM signature.
 */
export async function buildRecipientMessage(options: {
  email: Email;
  recipient: EmailRecipient;
  /** Recorded on the recipient before the first hand-over; every attempt sends the same one. */
  messageId: string;
  content: RenderedContent;
  domain: string;
  dkim: DkimSigningKey | null;
  tracking: { opens: boolean; clicks: boolean };
  /**
   * Takes the message's tracking tokens instead of writing them here: the batched delivery
   * writes a batch's tokens together with its attempts, in one statement, before the hand-over.
   */
  collectTokens?: (tokens: NewTrackingToken[]) => void;
}): Promise<OutgoingMessage> {
  const { email, recipient, content, domain } = options;
  const envelopeFrom = `bounce+${recipient.verpToken}@send.${domain}`;
  const meta = {
    accountId: email.accountId,
    emailId: email.id,
    recipientId: recipient.id,
    from: email.from,
    to: email.to,
    subject: content.subject,
  };
  if (email.rawMime !== null) {
    // SMTP relay: the client's own message, signed as is (no tracking; see buildRelayMessage).
    const raw = await buildRelayMessage({ rawMime: email.rawMime, messageId: options.messageId, date: new Date(), dkim: options.dkim });
    return { envelopeFrom, recipient: recipient.email, content: { raw }, meta };
  }
  // Every HTML email goes out as a whole document (the relayed MIME above is the client's own
  // and stays untouched).
  let html = content.html ? toHtmlDocument(content.html, content.subject) : null;
  if (html && (options.tracking.opens || options.tracking.clicks)) {
    const tokens: Omit<NewTrackingToken, "accountId" | "emailId" | "recipientId">[] = [];
    const base = appUrl();
    const openToken = randomBase62(32);
    if (options.tracking.opens) tokens.push({ token: openToken, kind: "open", url: null });
    html = addTracking(html, {
      pixelUrl: options.tracking.opens ? `${base}/t/o/${openToken}` : undefined,
      trackLink: options.tracking.clicks
        ? (href) => {
            // Stored normalized (ASCII, http(s) only); a link that is neither stays untracked.
            const url = normalizeClickUrl(href);
            if (!url) return href;
            const token = randomBase62(32);
            tokens.push({ token, kind: "click", url });
            return `${base}/t/c/${token}`;
          }
        : undefined,
    });
    const rows = tokens.map((t) => ({ ...t, accountId: email.accountId, emailId: email.id, recipientId: recipient.id }));
    if (options.collectTokens) options.collectTokens(rows);
    else if (rows.length) await getDb().trackingToken.createMany({ data: rows });
  }
  // ... with a text/plain alternative made from it, tracked links included, unless it has its own.
  const text = content.text ?? (html ? htmlToPlainText(html) : null);
  // Composed and signed by the transport as it sends (see OutgoingMessage): once, not twice.
  const parts = {
    from: email.from,
    to: email.to,
    cc: email.cc,
    replyTo: email.replyTo,
    subject: content.subject,
    html,
    text,
    headers: (email.headers as Record<string, string> | null) ?? undefined,
    attachments: (email.attachments as { filename: string; content: string; content_type?: string }[] | null) ?? undefined,
    messageId: options.messageId,
    date: new Date(),
    dkim: options.dkim,
  };
  return { envelopeFrom, recipient: recipient.email, content: { parts }, meta };
}
