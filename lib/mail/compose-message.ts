import nodemailer from "nodemailer";
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

// Builds the RFC 5322 message with nodemailer's composer and signs it with DKIM, without
// sending: the transports get the finished bytes. Bcc never appears in the headers.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });

export async function composeMessage(input: ComposeInput): Promise<Buffer> {
  const info = await composer.sendMail({
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
    dkim: input.dkim
      ? { domainName: input.dkim.domain, keySelector: input.dkim.selector, privateKey: input.dkim.privateKeyPem }
      : undefined,
  });
  return info.message as Buffer;
}
