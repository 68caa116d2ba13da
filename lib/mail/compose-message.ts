import nodemailer, { type SendMailOptions } from "nodemailer";
import type { DkimSigningKey } from "@/lib/domains/get-signing-key";

export interface ComposeInput {
  from: string;
  to: string[];
  cc: string[];
  replyTo: string[];
  subject: string;
  html?: string | null;
  text?: string | null;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; content_type?: string }[];
  messageId: string;
  date: Date;
  dkim?: DkimSigningKey | null;
}

/** nodemailer's DKIM options for a key: the parsed key object, so no signature parses the PEM again. */
export function dkimOptions(dkim: DkimSigningKey): NonNullable<SendMailOptions["dkim"]> {
  // nodemailer hands `privateKey` to crypto's Sign.sign, which takes a KeyObject as well as PEM
  // text; its type only names the text.
  return { domainName: dkim.domain, keySelector: dkim.selector, privateKey: dkim.privateKey as unknown as string };
}

/**
 * The message as nodemailer's options: what the composer below turns into bytes, and what the
 * smarthost transport hands its SMTP pool, which composes and signs as it streams (one pass).
 * Bcc never appears in the headers.
 */
export function mailOptions(input: ComposeInput): SendMailOptions {
  return {
    from: input.from,
    to: input.to,
    cc: input.cc.length ? input.cc : undefined,
    replyTo: input.replyTo.length ? input.replyTo : undefined,
    subject: input.subject,
    html: input.html ?? undefined,
    text: input.text ?? undefined,
    headers: input.headers,
    messageId: input.messageId,
    date: input.date,
    attachments: input.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      encoding: "base64",
      contentType: a.content_type,
    })),
    dkim: input.dkim ? dkimOptions(input.dkim) : undefined,
  };
}

// Builds the RFC 5322 message with nodemailer's composer and signs it with DKIM, without
// sending, for the transports that need the finished bytes (direct MX, the dev inbox).
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });

export async function composeMessage(input: ComposeInput): Promise<Buffer> {
  const info = await composer.sendMail(mailOptions(input));
  return info.message as Buffer;
}
