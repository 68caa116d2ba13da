import { getDb } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { checkMessageAuth } from "./check-message-auth";
import { parseReceivedMessage, type ParsedReceivedMessage } from "./parse-received-message";
import { storeReceivedEmail } from "./store-received-email";

/** Messages of one batch parsed at once: each holds its source and its parse in memory. */
const AT_ONCE = 2;

/**
 * Parses a spooled message (InboundMessage), records its SPF, DKIM and DMARC results and stores
 * it as the ReceivedEmail of the same id, deleting the spooled row in the same transaction. A
 * row already gone (stored by an earlier run, or its account deleted) leaves nothing to do.
 */
export async function processInboundMessage(inboundId: string): Promise<void> {
  const db = getDb();
  const row = await db.inboundMessage.findUnique({ where: { id: inboundId } });
  if (!row) return;
  const raw = Buffer.from(row.raw);
  const parsed = await parseReceivedMessage(raw).catch((error: unknown) => {
    // The 250 was given: a message no parser reads is kept with its raw source.
    logger().warn({ err: error, inboundId }, "inbound: message could not be parsed; stored raw");
    return unparsed();
  });
  const auth = await checkMessageAuth({ raw, ip: row.remoteAddress, helo: row.helo, mailFrom: row.mailFrom });
  // A domain deleted since the 250 leaves the message stored without one.
  const domain = row.domainId ? await db.domain.findUnique({ where: { id: row.domainId }, select: { id: true } }) : null;
  await storeReceivedEmail({
    id: row.id,
    createdAt: row.createdAt,
    target: { accountId: row.accountId, domainId: domain?.id ?? null, receivedFor: row.receivedFor },
    parsed,
    raw,
    mailFrom: row.mailFrom,
    remoteAddress: row.remoteAddress,
    helo: row.helo,
    auth,
  });
}

/** A batch of processInboundMessage: one entry per id, undefined when done, else its error. */
export async function processInboundMessages(inboundIds: string[]): Promise<unknown[]> {
  const outcomes: unknown[] = new Array(inboundIds.length);
  let next = 0;
  const lane = async () => {
    while (next < inboundIds.length) {
      const i = next++;
      outcomes[i] = await processInboundMessage(inboundIds[i]).then(
        () => undefined,
        (error: unknown) => error,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, inboundIds.length) }, lane));
  return outcomes;
}

function unparsed(): ParsedReceivedMessage {
  return {
    from: "",
    to: [],
    cc: [],
    replyTo: [],
    subject: "",
    messageId: "",
    html: null,
    text: null,
    headers: {},
    replyOf: [],
    attachments: [],
  };
}
