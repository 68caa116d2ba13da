import { simpleParser } from "mailparser";
import { newId } from "@/lib/db/ids";
import { insertInboxMessageSql } from "./insert-inbox-message-sql";
import { messageBytes } from "./message-bytes";
import type { DeliveryOutcome, MailTransport, OutgoingMessage } from "./transport";

// The dev inbox: nothing leaves the machine; each message is stored with its raw
// source for the dashboard. Addresses on *.simulator.test act out the outcomes to test against;
// a label tells tries apart and acts the same (bounced+signup-42@simulator.test bounces).
const SIMULATOR = /^(delivered|bounced|soft-bounced|complained)(\+[^@]*)?@([a-z0-9-]+\.)*simulator\.test$/i;

export function simulatedOutcome(recipient: string): DeliveryOutcome | null {
  const match = SIMULATOR.exec(recipient);
  if (!match) return null;
  switch (match[1].toLowerCase()) {
    case "bounced":
      return { kind: "hard_bounce", code: 550, message: "550 5.1.1 simulated: mailbox does not exist" };
    case "soft-bounced":
      return { kind: "soft_bounce", code: 451, message: "451 4.2.0 simulated: mailbox temporarily unavailable" };
    case "complained":
      return { kind: "delivered", code: 250, message: "250 2.0.0 simulated: delivered, then marked as spam", complaint: true };
    default:
      return { kind: "delivered", code: 250, message: "250 2.0.0 simulated: delivered" };
  }
}

export const inboxTransport: MailTransport = {
  name: "inbox",
  async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
    const outcome = simulatedOutcome(message.recipient) ?? { kind: "delivered", code: 250, message: "250 2.0.0 stored in the dev inbox" };
    if (outcome.kind !== "delivered") return outcome;
    // A receiving MTA records the envelope sender as Return-Path; the inbox does the same.
    const bytes = await messageBytes(message);
    const raw = `Return-Path: <${message.envelopeFrom}>\r\n${bytes.toString("utf8")}`;
    const parsed = await simpleParser(bytes);
    await insertInboxMessageSql({
      id: newId("inb"),
      accountId: message.meta.accountId,
      emailId: message.meta.emailId,
      recipientId: message.meta.recipientId,
      from: message.meta.from,
      to: [message.recipient],
      subject: parsed.subject ?? message.meta.subject,
      html: typeof parsed.html === "string" ? parsed.html : null,
      text: parsed.text ?? null,
      raw,
    });
    return outcome;
  },
};
