import { notFound, validationError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { requestFingerprint, withIdempotency } from "@/lib/api/idempotency";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { sendEmailBodySchema, type SendEmailBody } from "@/lib/emails/schemas";
import type { ForwardReceivedEmailBody } from "./schemas";

/**
 * Sends a received message on through the normal send pipeline (the sender rule, credits,
 * suppressions, webhooks all apply, as to POST /emails). Passthrough keeps its subject, body
 * and attachments; otherwise the new text and html go with the original as an .eml attachment
 * under "Fwd: <subject>". An Idempotency-Key is compared with the forward request itself (its
 * path and body), so the same key on POST /emails, or on another forward, is a 409.
 */
export async function forwardReceivedEmail(options: {
  accountId: string;
  id: string;
  body: ForwardReceivedEmailBody;
  idempotencyKey: string | null;
}) {
  const { accountId, id, body, idempotencyKey } = options;
  return withIdempotency(
    {
      accountId,
      key: idempotencyKey,
      requestHash: idempotencyKey ? requestFingerprint("POST", `/emails/receiving/${id}/forward`, body) : "",
    },
    async (save) => {
      const email = await buildForward(accountId, id, body);
      // An API request like POST /emails: the same checks, debit and group commit, its response
      // saved under the key.
      const [emailId] = await acceptEmails({ accountId, emails: [email], source: { kind: "api", save } });
      return { status: 201, body: { id: emailId } };
    },
  );
}

/** The email a forward sends, checked as POST /emails checks its body. */
async function buildForward(accountId: string, id: string, body: ForwardReceivedEmailBody): Promise<SendEmailBody> {
  const db = getDb();
  const row = await db.receivedEmail.findFirst({ where: { id, accountId } });
  if (!row) throw notFound("received email");
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
  return parsed.data;
}
