import type { DkimSigningKey } from "@/lib/domains/get-signing-key";
import { signDkim } from "@/lib/transports/sign-dkim";
import { headerValue, rewriteHeaders } from "./raw-message";

/**
 * A relayed message as it leaves: the client's own MIME (parts, attachments, custom headers)
 * untouched, minus Bcc and any Return-Path, plus a Message-ID and Date when it had none, and
 * our DKIM signature. Open and click tracking are not applied to relayed messages: rewriting
 * the client's HTML parts would change content the client may have signed or hashed.
 */
export async function buildRelayMessage(options: {
  rawMime: string;
  messageId: string;
  date: Date;
  dkim: DkimSigningKey | null;
}): Promise<Buffer> {
  const add: string[] = [];
  if (!headerValue(options.rawMime, "message-id")) add.push(`Message-ID: ${options.messageId}`);
  if (!headerValue(options.rawMime, "date")) add.push(`Date: ${options.date.toUTCString().replace("GMT", "+0000")}`);
  const raw = Buffer.from(rewriteHeaders(options.rawMime, { remove: ["bcc", "return-path", "idempotency-key"], add }), "latin1");
  return options.dkim ? signDkim(raw, options.dkim) : raw;
}
