import type { SendMailOptions } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type { DkimSigningKey } from "@/lib/domains/get-signing-key";
import { signDkim } from "./sign-dkim";

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

// nodemailer's own test for a character it would encode (its _getTextEncoding counts these).
const NON_LATIN = /[\x00-\x08\x0B\x0C\x0E-\x1F\u0080-\uFFFF]/;
const LETTER = /[a-z]/i;

/**
 * Whether nodemailer would choose quoted-printable wherever it chooses: for a body it counts
 * the characters it would encode against the Latin letters in the whole body (two regex
 * matches building an array of every letter: more of a small message's composing than the
 * rest of its MIME tree), and a header needs encoding only with such characters. With none
 * anywhere and a letter in each body, its answer is Q throughout, and saying so skips counting.
 */
function plainlyQuotedPrintable(input: ComposeInput): boolean {
  const bodies = [input.html, input.text].filter((b): b is string => typeof b === "string");
  if (bodies.some((b) => NON_LATIN.test(b) || !LETTER.test(b))) return false;
  const headers = [
    input.from,
    input.subject,
    ...input.to,
    ...input.cc,
    ...input.replyTo,
    ...(input.attachments ?? []).map((a) => a.filename),
  ];
  for (const [key, value] of Object.entries(input.headers ?? {})) headers.push(key, String(value));
  return !headers.some((h) => NON_LATIN.test(h));
}

/** The message as nodemailer's options, unsigned: what the composer below turns into bytes. Bcc never appears in the headers. */
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
    textEncoding: plainlyQuotedPrintable(input) ? "quoted-printable" : undefined,
  };
}

/**
 * The RFC 5322 message built by nodemailer's MailComposer (what its transports compose with,
 * without a transport's envelope and plugin steps around it), signed with DKIM (signDkim: the
 * RSA operation off the main thread). Every transport sends these bytes.
 */
export async function composeMessage(input: ComposeInput): Promise<Buffer> {
  const message = await new MailComposer(mailOptions(input)).compile().build();
  return input.dkim ? signDkim(message, input.dkim) : message;
}
