import { getEnv } from "@/lib/config/env";
import { smtpError } from "@/lib/relay/smtp-errors";
import { checkMessageAuth } from "./check-message-auth";
import { parseReceivedMessage } from "./parse-received-message";
import { scanMimeParts } from "./scan-mime-parts";
import { storeReceivedEmail, type ReceivedForAccount } from "./store-received-email";

/** Multipart containers one message may nest or hold. */
const MAX_CONTAINERS = 20;

/**
 * Checks a received message against the bounds, parses it once, records its SPF, DKIM and
 * DMARC results and stores it for each account it is for. A bound passed throws the SMTP
 * refusal (552) before anything is written; the returned ids are the stored messages.
 */
export async function receiveMessage(options: {
  raw: Buffer;
  targets: ReceivedForAccount[];
  mailFrom: string;
  remoteAddress: string;
  helo: string | null;
}): Promise<string[]> {
  if (!options.targets.length) return [];
  const env = getEnv();
  const scan = scanMimeParts(options.raw);
  if (scan.parts > env.INBOUND_MAX_PARTS || scan.containers > MAX_CONTAINERS) {
    throw smtpError(
      552,
      `5.3.4 message has too many MIME parts (at most ${env.INBOUND_MAX_PARTS} parts in ${MAX_CONTAINERS} multiparts are accepted)`,
    );
  }
  const parsed = await parseReceivedMessage(options.raw).catch(() => {
    throw smtpError(550, "5.6.0 the message could not be parsed as MIME");
  });
  const large = parsed.attachments.find((a) => a.content.length > env.INBOUND_MAX_ATTACHMENT_BYTES);
  if (large) {
    throw smtpError(
      552,
      `5.3.4 attachment ${large.filename ?? "(unnamed)"} exceeds the ${env.INBOUND_MAX_ATTACHMENT_BYTES}-byte limit per attachment`,
    );
  }
  const auth = await checkMessageAuth({ raw: options.raw, ip: options.remoteAddress, helo: options.helo, mailFrom: options.mailFrom });
  const ids: string[] = [];
  for (const target of options.targets) {
    ids.push(await storeReceivedEmail({ ...options, target, parsed, auth }));
  }
  return ids;
}
