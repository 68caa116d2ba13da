import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";

export interface ParsedAddress {
  name: string;
  address: string;
}

const emailSchema = z.email();

/** "Name <a@b.tld>" or a bare address; null when it is not exactly one valid address. */
export function parseAddress(input: string): ParsedAddress | null {
  if (/[\r\n]/.test(input)) return null;
  const parsed = addressparser(input, { flatten: true });
  if (parsed.length !== 1) return null;
  const { name, address } = parsed[0];
  if (!address || !emailSchema.safeParse(address).success) return null;
  return { name: name ?? "", address: address.toLowerCase() };
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

/** A zod string that must be one address; refined so errors point at the exact field. */
export const addressSchema = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .refine((v) => parseAddress(v) !== null, { message: "must be an email address like a@example.com or Name <a@example.com>" });
