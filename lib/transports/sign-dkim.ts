import { createHash, sign } from "node:crypto";
import { domainToASCII } from "node:url";
import mimeFuncs from "nodemailer/lib/mime-funcs";
import type { DkimSigningKey } from "@/lib/domains/get-signing-key";
import { bareLineBreak, fieldName, headerFields, splitMessage } from "@/lib/relay/raw-message";

// The fields signed when present (RFC 6376 5.4.1's list, as nodemailer signs them), in this
// order; of a field given more than once, the last one (the first a verifier takes, 5.4.2).
const SIGNED_FIELDS = [
  "from",
  "sender",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "to",
  "cc",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "content-id",
  "content-description",
  "resent-date",
  "resent-from",
  "resent-sender",
  "resent-to",
  "resent-cc",
  "resent-message-id",
  "in-reply-to",
  "references",
  "list-id",
  "list-help",
  "list-unsubscribe",
  "list-subscribe",
  "list-post",
  "list-owner",
  "list-archive",
];

/** A field's value in the "relaxed" header canonicalization (RFC 6376 3.4.2): unfolded, runs of WSP as one SP, trimmed. */
const relaxedValue = (field: string) =>
  field
    .slice(field.indexOf(":") + 1)
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();

/** The body in the "relaxed" canonicalization (RFC 6376 3.4.4). */
export function relaxedBody(body: string): string {
  const lines = body.split("\r\n");
  for (let i = 0; i < lines.length; i++) lines[i] = lines[i].replace(/[ \t]+/g, " ").replace(/ $/, "");
  let end = lines.length;
  while (end > 0 && lines[end - 1] === "") end--;
  return end ? `${lines.slice(0, end).join("\r\n")}\r\n` : "";
}

const CRLF = 0x0d0a;

/**
 * The body's hash (bh=). A composed body is usually canonical already (quoted-printable and
 * base64 leave no trailing or repeated whitespace, and it ends with one CRLF): then its bytes
 * are hashed as they are, without the copy and line split of the general path.
 */
export function bodyHash(body: Buffer): string {
  const hash = createHash("sha256");
  const canonical =
    body.length > 2 &&
    body.readUInt16BE(body.length - 2) === CRLF &&
    (body.length < 4 || body.readUInt16BE(body.length - 4) !== CRLF) &&
    body.indexOf(0x09) === -1 &&
    body.indexOf("  ") === -1 &&
    body.indexOf(" \r\n") === -1;
  return (canonical ? hash.update(body) : hash.update(relaxedBody(body.toString("latin1")), "latin1")).digest("base64");
}

const signAsync = (data: Buffer, key: DkimSigningKey) =>
  new Promise<Buffer>((resolve, reject) =>
    sign("sha256", data, key.privateKey, (error, signature) => (error ? reject(error) : resolve(signature))),
  );

/**
 * The message with a DKIM-Signature field (rsa-sha256, relaxed/relaxed) prepended: the same
 * signature nodemailer's signer writes, but the RSA operation, most of a small message's
 * delivery CPU, runs on libuv's thread pool (crypto.sign's callback form) instead of blocking
 * the thread that composes and sends every other message. A bare LF is made CRLF first (the
 * composer leaves the HTML's own line breaks bare inside quoted-printable, and every SMTP
 * client sends them as CRLF): the bytes returned are the bytes signed and sent.
 */
export async function signDkim(input: Buffer, key: DkimSigningKey): Promise<Buffer> {
  const message = bareLineBreak(input) === "LF" ? Buffer.from(input.toString("latin1").replace(/\r?\n/g, "\r\n"), "latin1") : input;
  const end = message.indexOf("\r\n\r\n");
  const header = end === -1 ? splitMessage(message.toString("latin1")).header : message.toString("latin1", 0, end + 2);
  const bh = bodyHash(end === -1 ? Buffer.alloc(0) : message.subarray(end + 4));
  const last = new Map<string, string>();
  for (const field of headerFields(header)) last.set(fieldName(field), field);
  const names = SIGNED_FIELDS.filter((name) => last.has(name));
  const tags = [
    "v=1",
    "a=rsa-sha256",
    "c=relaxed/relaxed",
    `d=${domainToASCII(key.domain) || key.domain}`,
    "q=dns/txt",
    `s=${key.selector}`,
    `bh=${bh}`,
    `h=${names.join(":")}`,
  ].join("; ");
  const unsigned = `${mimeFuncs.foldLines(`DKIM-Signature: ${tags}`, 76)};\r\n b=`;
  const canonical =
    names.map((name) => `${name}:${relaxedValue(last.get(name)!)}\r\n`).join("") + `dkim-signature:${relaxedValue(unsigned)}`;
  const signature = (await signAsync(Buffer.from(canonical, "latin1"), key)).toString("base64");
  const folded = signature.replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, "$&\r\n ").trim();
  return Buffer.concat([Buffer.from(`${unsigned}${folded}\r\n`, "latin1"), message]);
}
