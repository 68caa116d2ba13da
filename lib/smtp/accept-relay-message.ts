import { createHash } from "node:crypto";
import { simpleParser, type AddressObject } from "mailparser";
import { ApiError } from "@/lib/api/errors";
import { requestFingerprint, withIdempotency } from "@/lib/api/idempotency";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { parseAddress } from "@/lib/emails/addresses";
import type { SendEmailBody } from "@/lib/emails/schemas";
import { headerCount, headerValue, rewriteHeaders } from "./raw-message";

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((a) => a.value)
    .map((a) => a.address?.toLowerCase())
    .filter((a): a is string => !!a);

/**
 * One message from an authenticated relay session into the same pipeline as POST /emails:
 * verified From domain, credits, storage, events, delivery. The envelope decides who gets it:
 * an envelope recipient named in To or Cc is recorded as such, any other is a Bcc. The raw
 * message is stored and sent as is; mailparser only fills the record's from/subject/html/text.
 */
export async function acceptRelayMessage(options: {
  accountId: string;
  rcptTo: string[];
  raw: Buffer;
  /** The SMTP session: its accepts and those of the account's other sessions share statements. */
  session?: string;
}) {
  const rawMime = options.raw.toString("latin1");
  // Two From fields would be signed for the verified one while a reader may see the other.
  for (const name of ["From", "Sender"]) {
    const count = headerCount(rawMime, name);
    if (count > 1) throw new ApiError("validation_error", `the message has ${count} ${name} header fields; RFC 5322 allows one`);
  }
  const parsed = await simpleParser(options.raw);
  const fromHeader = parsed.from?.value ?? [];
  const from = fromHeader.length === 1 ? parseAddress(fromHeader[0].address ?? "") : null;
  if (!from) throw new ApiError("validation_error", "the message needs exactly one valid From address");
  const fromName = fromHeader[0].name.replace(/["\\\r\n]/g, "").trim();

  const rcpts = [...new Set(options.rcptTo.map((r) => parseAddress(r)?.address).filter((r): r is string => !!r))];
  if (!rcpts.length) throw new ApiError("validation_error", "no valid envelope recipient");
  const headerTo = new Set(addressesOf(parsed.to));
  const headerCc = new Set(addressesOf(parsed.cc));
  const to = rcpts.filter((r) => headerTo.has(r));
  const cc = rcpts.filter((r) => !headerTo.has(r) && headerCc.has(r));
  const bcc = rcpts.filter((r) => !headerTo.has(r) && !headerCc.has(r));

  const body: SendEmailBody = {
    from: fromName ? `${/[()<>[\]:;@\\,."]/.test(fromName) ? `"${fromName}"` : fromName} <${from.address}>` : from.address,
    to,
    cc,
    bcc,
    subject: (parsed.subject ?? "").replace(/[\r\n]+/g, " "),
    html: parsed.html || undefined,
    text: parsed.text || undefined,
    // For the record only (GET /emails lists names and types); the bytes live in rawMime.
    attachments: parsed.attachments.length
      ? parsed.attachments.map((a) => ({ filename: a.filename ?? "attachment", content: "", content_type: a.contentType }))
      : undefined,
  };

  const key = headerValue(rawMime, "idempotency-key");
  const result = await withIdempotency(
    { accountId: options.accountId, key, requestHash: key ? relayFingerprint(rawMime, rcpts) : "" },
    async (save) => {
      const [id] = await acceptEmails({
        accountId: options.accountId,
        emails: [body],
        save,
        rawMime,
        groupCommit: true,
        groupSource: options.session,
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
