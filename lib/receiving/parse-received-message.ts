import { simpleParser, type AddressObject } from "mailparser";
import { fieldValue } from "@/lib/relay/raw-message";

export interface ParsedAttachment {
  filename: string | null;
  contentType: string;
  contentDisposition: "inline" | "attachment";
  contentId: string | null;
  content: Buffer;
}

export interface ParsedReceivedMessage {
  from: string;
  to: string[];
  cc: string[];
  replyTo: string[];
  subject: string;
  messageId: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  /** Message-IDs named by In-Reply-To and References, In-Reply-To's first. */
  replyOf: string[];
  attachments: ParsedAttachment[];
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.flatMap((entry) => (entry.address ? [entry.name ? `${entry.name} <${entry.address}>` : entry.address] : [])),
  );

const messageIds = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => v.match(/<[^<>\s]+>/g) ?? []);

/**
 * A received message's fields as the API shows them. `cid:` links stay in the HTML (the reader
 * turns them into data URIs when asked); a part that is not the body is an attachment.
 */
export async function parseReceivedMessage(raw: Buffer): Promise<ParsedReceivedMessage> {
  const mail = await simpleParser(raw, { keepCidLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const headers: Record<string, string> = {};
  for (const line of mail.headerLines) {
    const value = fieldValue(line.line);
    headers[line.key] = line.key in headers ? `${headers[line.key]}, ${value}` : value;
  }
  return {
    from: addresses(mail.from)[0] ?? mail.from?.text ?? "",
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    replyTo: addresses(mail.replyTo),
    subject: mail.subject ?? "",
    messageId: mail.messageId ?? "",
    html: typeof mail.html === "string" ? mail.html : null,
    text: mail.text ?? null,
    headers,
    replyOf: [...new Set([...messageIds(mail.inReplyTo), ...messageIds(mail.references)])],
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType || "application/octet-stream",
      contentDisposition: a.contentDisposition === "inline" ? "inline" : "attachment",
      contentId: a.cid ?? (a.contentId ? a.contentId.replace(/^<|>$/g, "") : null),
      content: a.content,
    })),
  };
}
