import addressparser from "nodemailer/lib/addressparser";
import libmime from "libmime";
import { fieldName, fieldValue, headerFields, splitMessage } from "./raw-message";

export interface RelayHeaders {
  /** How many From and Sender fields the header block has (RFC 5322 3.6 allows one of each). */
  fromCount: number;
  senderCount: number;
  /** The From field's entries: more than one, or a group, is not one sender. */
  from: addressparser.AddressOrGroup[];
  /** Addresses named in To and in Cc (lowercased, groups' members included). */
  to: Set<string>;
  cc: Set<string>;
  /** The last Subject field, RFC 2047 words decoded (mailparser keeps the last one too). */
  subject: string;
  idempotencyKey: string | null;
}

/**
 * What the relay's accept needs of a message, from its header block alone: the body is not
 * read (it is stored and sent as is; GET /emails/:id derives html, text and attachments from
 * it when asked, derive-relayed-content.ts). The values are decoded as mailparser decodes them,
 * so the record is what it was when mailparser read the whole message here: 8-bit header
 * bytes as UTF-8, encoded words with libmime, address lists with nodemailer's addressparser.
 */
export function readRelayHeaders(rawMime: string): RelayHeaders {
  const out: RelayHeaders = { fromCount: 0, senderCount: 0, from: [], to: new Set(), cc: new Set(), subject: "", idempotencyKey: null };
  for (const field of headerFields(splitMessage(rawMime).header)) {
    const colon = field.indexOf(":");
    if (colon === -1) continue;
    const name = fieldName(field);
    if (name === "from") {
      out.fromCount += 1;
      out.from = decodeAddresses(addressparser(utf8Value(field, colon)));
    } else if (name === "sender") out.senderCount += 1;
    else if (name === "to" || name === "cc") {
      for (const entry of decodeAddresses(addressparser(utf8Value(field, colon), { flatten: true }))) {
        if ("address" in entry && entry.address) out[name].add(entry.address.toLowerCase());
      }
    } else if (name === "subject") {
      const value = utf8Value(field, colon);
      if (value) out.subject = decodeWords(value);
    } else if (name === "idempotency-key" && out.idempotencyKey === null) {
      // As headerValue reads it (raw-message.ts), which keys stored before this were read with.
      out.idempotencyKey = fieldValue(field);
    }
  }
  return out;
}

// Unfolded as libmime's decodeHeader does for mailparser. The message is held as latin1 (a char
// per byte); a header's 8-bit bytes are read as UTF-8.
const utf8Value = (field: string, colon: number) =>
  Buffer.from(
    field
      .slice(colon + 1)
      .replace(/\r\n[ \t]*/g, " ")
      .trim(),
    "latin1",
  ).toString("utf8");

function decodeWords(value: string): string {
  try {
    return libmime.decodeWords(value);
  } catch {
    return value; // an unknown charset: kept as is, as mailparser does
  }
}

/** An address with an encoded word in it counts only when it decodes to a plain local@domain. */
function decodeAddress(address: string): string {
  if (!/=\?[^?]+\?[BbQq]\?[^?]*\?=/.test(address)) return address;
  const decoded = decodeWords(address);
  return /^[^\s@]+@[^\s@]+$/.test(decoded) && !decoded.includes("=?") ? decoded : "";
}

const ENCODED_NAME_ONLY = /^(=\?([^?]+)\?[Bb]\?[^?]*\?=)(\s*=\?([^?]+)\?[Bb]\?[^?]*\?=)*$/;

/**
 * Display names with their encoded words decoded. As in mailparser: an entry that is only
 * base64 words with no address, which some mailers send for a whole "Name <address>", is read
 * again once decoded, but only when the decoded text has an address in angle brackets (an
 * encoded word never makes an addr-spec, RFC 2047 5).
 */
function decodeAddresses<T extends addressparser.AddressOrGroup>(entries: T[]): addressparser.AddressOrGroup[] {
  return entries.flatMap((entry): addressparser.AddressOrGroup[] => {
    const name = (entry.name || "").trim();
    if ("group" in entry) return [{ name: decodeWords(name), group: decodeAddresses(entry.group) as addressparser.Address[] }];
    if (!entry.address && ENCODED_NAME_ONLY.test(name)) {
      const decoded = decodeWords(name);
      return /<[^<>]+@[^<>]+>/.test(decoded) ? addressparser(decoded) : [{ name: decoded, address: "" }];
    }
    return [{ name: name && decodeWords(name), address: decodeAddress(entry.address ?? "") }];
  });
}
