import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { recordEmailEvent } from "@/lib/emails/record-event";
import { queueWebhookMessages } from "@/lib/webhooks/fan-out-event";
import type { AuthResults } from "./check-message-auth";
import { findRepliedEmail } from "./find-replied-email";
import type { ParsedReceivedMessage } from "./parse-received-message";
import { receivedWebhookPayload } from "./received-webhook-payload";

export interface ReceivedForAccount {
  accountId: string;
  domainId: string | null;
  /** The envelope recipients of this account's domains. */
  receivedFor: string[];
}

/**
 * Stores a parsed received message for one account in one transaction: the message and its raw
 * source, its attachments, the reply link on the sent email it answers (an `email.replied`
 * event on that email's timeline), and an `email.received` message for each webhook that wants
 * one; and deletes the spooled InboundMessage of the same id. Either all of it is written or
 * none: a second run for the same message fails on the deleted row and writes nothing.
 */
export async function storeReceivedEmail(options: {
  id: string;
  createdAt: Date;
  target: ReceivedForAccount;
  parsed: ParsedReceivedMessage;
  raw: Buffer;
  mailFrom: string;
  remoteAddress: string;
  helo: string | null;
  auth: AuthResults;
}): Promise<string> {
  const { id, createdAt, target, parsed } = options;
  const listed = new Set([...parsed.to, ...parsed.cc].map((a) => (/<([^<>]+)>$/.exec(a)?.[1] ?? a).toLowerCase()));
  // Envelope recipients the header fields do not name were sent as Bcc.
  const bcc = target.receivedFor.filter((a) => !listed.has(a.toLowerCase()));
  const attachments = parsed.attachments.map((a) => ({ id: newId("att"), ...a }));
  return getDb().$transaction(async (tx) => {
    await tx.inboundMessage.delete({ where: { id } });
    const replied = await findRepliedEmail(tx, { accountId: target.accountId, messageIds: parsed.replyOf });
    await tx.receivedEmail.create({
      data: {
        id,
        accountId: target.accountId,
        domainId: target.domainId,
        mailFrom: options.mailFrom,
        receivedFor: target.receivedFor,
        from: parsed.from,
        to: parsed.to,
        cc: parsed.cc,
        bcc,
        replyTo: parsed.replyTo,
        subject: parsed.subject,
        messageId: parsed.messageId,
        html: parsed.html,
        text: parsed.text,
        headers: parsed.headers,
        raw: new Uint8Array(options.raw),
        size: options.raw.length,
        remoteAddress: options.remoteAddress,
        helo: options.helo,
        authResults: { ...options.auth },
        replyToEmailId: replied?.emailId ?? null,
        createdAt,
      },
    });
    if (attachments.length) {
      await tx.receivedAttachment.createMany({
        data: attachments.map((a) => ({
          id: a.id,
          accountId: target.accountId,
          receivedEmailId: id,
          filename: a.filename,
          contentType: a.contentType,
          contentDisposition: a.contentDisposition,
          contentId: a.contentId,
          size: a.content.length,
          content: new Uint8Array(a.content),
        })),
      });
    }
    if (replied) {
      const email = await tx.email.findUniqueOrThrow({
        where: { id: replied.emailId },
        select: { id: true, accountId: true, tags: true, automationId: true, from: true, subject: true, isTest: true },
      });
      await recordEmailEvent(tx, {
        email,
        recipient: { id: replied.id, email: replied.email },
        type: "email.replied",
        data: { received_email_id: id, from: parsed.from, subject: parsed.subject },
      });
    }
    const webhooks = await tx.webhook.findMany({
      where: { accountId: target.accountId, status: "active", events: { has: "email.received" } },
      select: { id: true },
    });
    const payload = receivedWebhookPayload({ id, createdAt, receivedFor: target.receivedFor, parsed, attachments, bcc });
    await queueWebhookMessages(
      tx,
      target.accountId,
      webhooks.map((webhook) => ({
        id: newId("msg"),
        webhookId: webhook.id,
        eventId: `evt_${id.slice(4)}`,
        eventType: "email.received",
        payload: payload as object,
        nextAttemptAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })),
    );
    return id;
  });
}
