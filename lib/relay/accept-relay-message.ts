import { createHash } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { requestFingerprint, withIdempotency } from "@/lib/api/idempotency";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { parseAddress } from "@/lib/emails/addresses";
import type { SendEmailBody } from "@/lib/emails/schemas";
import { rewriteHeaders } from "./raw-message";
import { readRelayHeaders } from "./read-relay-headers";

/**
 * One message from an authenticated relay session into the same pipeline as POST /emails:
 * verified From domain, credits, storage, events, delivery. The envelope decides who gets it:
 * an envelope recipient named in To or Cc is recorded as such, any other is a Bcc. The raw
 * message is stored and sent as is. Only its header block is read here (From, To, Cc,
 * Subject): the record's html, text and attachments are derived from the stored MIME when the
 * email is read (derive-relayed-content.ts), not parsed for every message that is relayed.
 */
export async function acceptRelayMessage(options: {
  accountId: string;
  rcptTo: string[];
  raw: Buffer;
  /** The SMTP session: its accepts and those of the account's other sessions share statements. */
  session?: string;
}) {
  const rawMime = options.raw.toString("latin1");
  const headers = readRelayHeaders(rawMime);
  // Two From fields would be signed for the verified one while a reader may see the other.
  for (const [name, count] of [
    ["From", headers.fromCount],
    ["Sender", headers.senderCount],
  ] as const) {
    if (count > 1) throw new ApiError("validation_error", `the message has ${count} ${name} header fields; RFC 5322 allows one`);
  }
  const sender = headers.from.length === 1 && "address" in headers.from[0] ? headers.from[0] : null;
  const from = sender ? parseAddress(sender.address) : null;
  if (!sender || !from) throw new ApiError("validation_error", "the message needs exactly one valid From address");
  const fromName = sender.name.replace(/["\\\r\n]/g, "").trim();

  const rcpts = [...new Set(options.rcptTo.map((r) => parseAddress(r)?.address).filter((r): r is string => !!r))];
  if (!rcpts.length) throw new ApiError("validation_error", "no valid envelope recipient");
  const to = rcpts.filter((r) => headers.to.has(r));
  const cc = rcpts.filter((r) => !headers.to.has(r) && headers.cc.has(r));
  const bcc = rcpts.filter((r) => !headers.to.has(r) && !headers.cc.has(r));

  const body: SendEmailBody = {
    from: fromName ? `${/[()<>[\]:;@\\,."]/.test(fromName) ? `"${fromName}"` : fromName} <${from.address}>` : from.address,
    to,
    cc,
    bcc,
    subject: headers.subject.replace(/[\r\n]+/g, " "),
  };

  const key = headers.idempotencyKey;
  const result = await withIdempotency(
    { accountId: options.accountId, key, requestHash: key ? relayFingerprint(rawMime, rcpts) : "" },
    async (save) => {
      const [id] = await acceptEmails({
        accountId: options.accountId,
        emails: [body],
        source: { kind: "relay", rawMime, session: options.session, save },
      });
      return { status: 201, body: { id } };
    },
  );
  return { id: (result.body as { id: string }).id, replayed: result.replayed };
}

// A client resending under the same Idempotency-Key usually regenerates Date and Message-ID:
// the fingerprint leaves them out. Only messages with a key need it.
function relayFingerprint(rawMime: string, rcpts: string[]) {
  const stable = rewriteHeaders(rawMime, { remove: ["date", "message-id"] });
  const digest = createHash("sha256")
    .update(stable, "latin1")
    .update(`\n${rcpts.join(",")}`)
    .digest("hex");
  return requestFingerprint("SMTP", "relay", digest);
}
