import { getEnv } from "@/lib/config/env";
import { smtpError } from "@/lib/relay/smtp-errors";
import { scanMimeParts } from "./scan-mime-parts";
import { spoolInboundMessage, type InboundEnvelope } from "./spool-inbound-message";

/** Multipart containers one message may nest or hold. */
const MAX_CONTAINERS = 20;

/**
 * What the inbound SMTP server does at the end of DATA: checks the message against the bounds
 * from its bytes (parts, nesting, each attachment's decoded size) and stores its raw source for
 * each account it is for. A bound passed throws the SMTP refusal (552) before anything is
 * written; the returned ids are the messages stored, committed before the 250 answers. Parsing,
 * the SPF, DKIM and DMARC check and the webhooks follow in the receiving.process job.
 */
export async function receiveMessage(message: InboundEnvelope): Promise<string[]> {
  if (!message.targets.length) return [];
  const env = getEnv();
  const scan = scanMimeParts(message.raw);
  if (scan.parts > env.INBOUND_MAX_PARTS || scan.containers > MAX_CONTAINERS) {
    throw smtpError(
      552,
      `5.3.4 message has too many MIME parts (at most ${env.INBOUND_MAX_PARTS} parts in ${MAX_CONTAINERS} multiparts are accepted)`,
    );
  }
  if (scan.largestAttachment > env.INBOUND_MAX_ATTACHMENT_BYTES) {
    throw smtpError(552, `5.3.4 an attachment exceeds the ${env.INBOUND_MAX_ATTACHMENT_BYTES}-byte limit per attachment`);
  }
  return spoolInboundMessage(message);
}
