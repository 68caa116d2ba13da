import type { ReceivedAttachment, ReceivedEmail } from "@/lib/generated/prisma/client";
import { createDownloadToken } from "./download-token";

export type ReceivedEmailRow = Omit<ReceivedEmail, "raw">;
export type AttachmentMeta = Omit<ReceivedAttachment, "content">;

const attachmentMeta = (a: AttachmentMeta) => ({
  id: a.id,
  filename: a.filename,
  size: a.size,
  content_type: a.contentType,
  content_id: a.contentId,
  content_disposition: a.contentDisposition,
});

/** A received message in a list (the SDK's ListReceivingEmail, plus its authentication results and reply link). */
export function serializeReceivedEmailSummary(row: ReceivedEmailRow, attachments: AttachmentMeta[]) {
  const auth = (row.authResults ?? {}) as Record<string, string>;
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    reply_to: row.replyTo,
    received_for: row.receivedFor,
    subject: row.subject,
    message_id: row.messageId,
    created_at: row.createdAt.toISOString(),
    size: row.size,
    authentication: { spf: auth.spf ?? "none", dkim: auth.dkim ?? "none", dmarc: auth.dmarc ?? "none" },
    in_reply_to_email_id: row.replyToEmailId,
    attachments: attachments.map(attachmentMeta),
  };
}

/** An attachment with its download link (the SDK's AttachmentData). */
export function serializeReceivedAttachment(a: AttachmentMeta, options: { origin: string; nowMs: number }) {
  const { token, expiresAt } = createDownloadToken("att", a.id, options.nowMs);
  return {
    id: a.id,
    ...(a.filename !== null ? { filename: a.filename } : {}),
    size: a.size,
    content_type: a.contentType,
    content_disposition: a.contentDisposition === "inline" ? ("inline" as const) : ("attachment" as const),
    ...(a.contentId !== null ? { content_id: a.contentId } : {}),
    download_url: `${options.origin}/files/${token}`,
    expires_at: expiresAt.toISOString(),
  };
}

export type ReceivedEmailSummary = ReturnType<typeof serializeReceivedEmailSummary>;
