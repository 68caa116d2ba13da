import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";

export interface ParsedAddress {
  name: string;
  address: string;
}

// z.email()'s own check, without a zod parse per address (two per recipient of every email).
const EMAIL_PATTERN = z.regexes.email;
const isEmail = (address: string) => EMAIL_PATTERN.test(address);

// A bare address of only these characters is one address as it stands (addressparser would
// return it unchanged): the common case skips the parser. Anything else (a name, quotes,
// comments, groups, lists) goes through it.
const PLAIN_ADDRESS = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+$/;

/** "Name <a@b.tld>" or a bare address; null when it is not exactly one valid address. */
export function parseAddress(input: string): ParsedAddress | null {
  if (PLAIN_ADDRESS.test(input)) return isEmail(input) ? { name: "", address: input.toLowerCase() } : null;
  if (/[\r\n]/.test(input)) return null;
  const parsed = addressparser(input, { flatten: true });
  if (parsed.length !== 1) return null;
  const { name, address } = parsed[0];
  if (!address || !isEmail(address)) return null;
  return { name: name ?? "", address: address.toLowerCase() };
}

// A batch's emails (and an account's requests) repeat one From: its parse is kept, bounded.
const senders = new Map<string, Readonly<ParsedAddress> | null>();
const SENDERS_MAX = 256;

/** parseAddress for a From field, from a small cache (the result is shared: never change it). */
export function parseSenderAddress(input: string): Readonly<ParsedAddress> | null {
  const known = senders.get(input);
  if (known !== undefined) return known;
  const parsed = parseAddress(input);
  if (senders.size >= SENDERS_MAX) senders.delete(senders.keys().next().value!);
  senders.set(input, parsed && Object.freeze(parsed));
  return parsed;
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

const addressString = z.string().trim().min(3).max(320);
const ADDRESS_MESSAGE = "must be an email address like a@example.com or Name <a@example.com>";

/** A zod string that must be one address; refined so errors point at the exact field. */
export const addressSchema = addressString.refine((v) => parseAddress(v) !== null, { message: ADDRESS_MESSAGE });

/** addressSchema for a From field, through the sender cache (parseSenderAddress). */
export const senderAddressSchema = addressString.refine((v) => parseSenderAddress(v) !== null, { message: ADDRESS_MESSAGE });
