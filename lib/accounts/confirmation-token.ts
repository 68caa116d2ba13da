import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret } from "@/lib/config/env";

// The sign-up confirmation link's token: account id, expiry and an HMAC (keyed by APP_SECRET)
// over both and the address it was sent to, so nothing is stored and a changed address
// invalidates old links. Confirming twice is harmless (confirm-email.ts is idempotent).
const TTL_MS = 7 * 24 * 60 * 60 * 1000;

function sign(accountId: string, expires: number, email: string): string {
  return createHmac("sha256", appSecret()).update(`confirm-email:${accountId}:${expires}:${email}`).digest("base64url");
}

export function createConfirmationToken(accountId: string, email: string, nowMs: number): string {
  const expires = nowMs + TTL_MS;
  return `${accountId}.${expires}.${sign(accountId, expires, email)}`;
}

/** The token's account id, or null (malformed or expired); the caller checks the signature. */
export function parseConfirmationToken(token: string): { accountId: string; expires: number; mac: string } | null {
  const match = /^(acc_[A-Za-z0-9]+)\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { accountId: match[1], expires: Number(match[2]), mac: match[3] };
}

export function confirmationTokenValid(token: { accountId: string; expires: number; mac: string }, email: string, nowMs: number): boolean {
  if (token.expires < nowMs) return false;
  const expected = Buffer.from(sign(token.accountId, token.expires, email));
  const given = Buffer.from(token.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
