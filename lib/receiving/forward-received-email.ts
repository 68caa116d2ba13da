import { notFound, validationError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { sendEmails } from "@/lib/emails/send-emails";
import { sendEmailBodySchema } from "@/lib/emails/schemas";
import type { ForwardReceivedEmailBody } from "./schemas";

/**
 * Sends a received message on through the normal send pipeline (the sender rule, credits,
 * suppressions, webhooks all apply, as to POST /emails). Passthrough keeps its subject, body
 * and attachments; otherwise the new text and html go with the original as an .eml attachment
 * under "Fwd: <subject>".
 */
export async function forwardReceivedEmail(options: {
  accountId: string;
  id: string;
  body: ForwardReceivedEmailBody;
  idempotencyKey: string | null;
}) {
  const db = getDb();
  const row = await db.receivedEmail.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!row) throw notFound("received email");
  const { body } = options;
  const subject = row.subject || "(no subject)";
  let email: Record<string, unknown>;
  if (body.passthrough === false) {
    email = {
      subject: subject.startsWith("Fwd:") ? subject : `Fwd: ${subject}`,
      text: body.text,
      html: body.html,
      attachments: [
        { filename: "forwarded_message.eml", content: Buffer.from(row.raw).toString("base64"), content_type: "message/rfc822" },
      ],
    };
  } else {
    const attachments = await db.receivedAttachment.findMany({ where: { receivedEmailId: row.id }, orderBy: { id: "asc" } });
    email = {
      subject,
      html: row.html ?? undefined,
      // POST /emails needs a body; a message that had none is forwarded with an empty line.
      text: row.text || (row.html ? undefined : " "),
      attachments: attachments.length
        ? attachments.map((a, i) => ({
            filename: a.filename || `attachment-${i + 1}`,
            content: Buffer.from(a.content).toString("base64"),
            content_type: a.contentType,
          }))
        : undefined,
    };
  }
  const parsed = sendEmailBodySchema.safeParse({ from: body.from, to: body.to, ...email });
  if (!parsed.success) throw validationError(parsed.error);
  const result = await sendEmails({
    accountId: options.accountId,
    emails: [parsed.data],
    batch: false,
    idempotencyKey: options.idempotencyKey,
  });
  return result;
}
