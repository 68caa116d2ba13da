import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret, appUrl } from "@/lib/config/env";

// The link of a double opt-in confirmation email, /confirm/<token>: which contact joins which
// list, signed with HMAC-SHA256 keyed from APP_SECRET (a purpose of its own, so no other token
// of the service is one of these), so nobody can confirm someone else into a list.

function sign(payload: string): string {
  return createHmac("sha256", `list-confirm:${appSecret()}`).update(payload).digest("base64url").slice(0, 32);
}

export function createListConfirmToken(target: { listId: string; contactId: string }): string {
  const payload = Buffer.from(`${target.listId}.${target.contactId}`).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The list and contact of a well-signed token, or null. */
export function verifyListConfirmToken(token: string): { listId: string; contactId: string } | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [listId, contactId] = Buffer.from(payload, "base64url").toString().split(".");
  if (!listId?.startsWith("lst_") || !contactId?.startsWith("con_")) return null;
  return { listId, contactId };
}

export const listConfirmUrl = (target: { listId: string; contactId: string }) => `${appUrl()}/confirm/${createListConfirmToken(target)}`;
