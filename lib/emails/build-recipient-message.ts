import { normalizeClickUrl } from "@/lib/tracking/normalize-click-url";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { appUrl } from "@/lib/config/env";
import type { Email, EmailRecipient } from "@/lib/generated/prisma/client";
import type { DkimSigningKey } from "@/lib/domains/get-signing-key";
import { addTracking } from "@/lib/transports/add-tracking";
import { htmlToPlainText, toHtmlDocument } from "@/lib/transports/html-alternative";
import { buildRelayMessage } from "@/lib/relay/build-relay-message";
import type { OutgoingMessage } from "@/lib/transports/transport";
import type { ComposeInput } from "@/lib/transports/compose-message";

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
  // and stays untouched), with a text/plain alternative made from it, tracked links included,
  // unless it has its own.
  const document = content.html ? toHtmlDocument(content.html, content.subject) : null;
  if (!document || !(options.tracking.opens || options.tracking.clicks)) {
    const text = content.text ?? (document ? htmlToPlainText(document) : null);
    return { envelopeFrom, recipient: recipient.email, content: { parts: parts(options, document, text) }, meta };
  }
  const tokens: Omit<NewTrackingToken, "accountId" | "emailId" | "recipientId">[] = [];
  const base = appUrl();
  const openToken = randomBase62(TOKEN_LENGTH);
  if (options.tracking.opens) tokens.push({ token: openToken, kind: "open", url: null });
  // The recipient's copy, and the same copy with a placeholder of the same length in place of
  // each token: every recipient of one rendering has the same placeholder copy, whose text is
  // converted once (htmlToPlainText keeps recent ones) and then given this recipient's tokens,
  // instead of parsing each recipient's HTML again. Same lengths: the same line wrapping.
  let link = 0;
  const plan = (token: (url: string) => string) => ({
    pixelUrl: options.tracking.opens ? `${base}/t/o/${token("")}` : undefined,
    trackLink: options.tracking.clicks
      ? (href: string) => {
          // Stored normalized (ASCII, http(s) only); a link that is neither stays untracked.
          const url = normalizeClickUrl(href);
          return url ? `${base}/t/c/${token(url)}` : href;
        }
      : undefined,
  });
  const html = addTracking(
    document,
    plan((url) => {
      if (!url) return openToken;
      const token = randomBase62(TOKEN_LENGTH);
      tokens.push({ token, kind: "click", url });
      return token;
    }),
  );
  let text = content.text;
  if (text === null) {
    const placeholder = addTracking(
      document,
      plan((url) => placeholderToken(url ? link++ : -1)),
    );
    const clicks = tokens.filter((t) => t.kind === "click");
    text = htmlToPlainText(placeholder).replace(placeholders, (_, i: string) =>
      i.toUpperCase() === OPEN ? openToken : clicks[Number(i)].token,
    );
  }
  const rows = tokens.map((t) => ({ ...t, accountId: email.accountId, emailId: email.id, recipientId: recipient.id }));
  if (options.collectTokens) options.collectTokens(rows);
  else if (rows.length) await getDb().trackingToken.createMany({ data: rows });
  return { envelopeFrom, recipient: recipient.email, content: { parts: parts(options, html, text) }, meta };
}

const TOKEN_LENGTH = 32;
// Placeholders are base62 of the tokens' length (a process nonce, then the link's number), so
// the converter wraps them as it would the tokens; no sender's text holds the nonce.
const NONCE = randomBase62(16);
const OPEN = "Z".repeat(TOKEN_LENGTH - 16);
const placeholderToken = (i: number) => `${NONCE}${i < 0 ? OPEN : String(i).padStart(TOKEN_LENGTH - 16, "0")}`;
// Case-blind: a heading's text is upper-cased by the converter, its links with it.
const placeholders = new RegExp(`${NONCE}([0-9]{${TOKEN_LENGTH - 16}}|${OPEN})`, "gi");

// Composed and signed by the transport as it sends (see OutgoingMessage): once, not twice.
function parts(options: Parameters<typeof buildRecipientMessage>[0], html: string | null, text: string | null): ComposeInput {
  const { email, content } = options;
  return {
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
}
