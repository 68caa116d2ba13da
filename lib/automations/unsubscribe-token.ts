import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret, appUrl } from "@/lib/config/env";

// The token behind /u/<token>: which contact (and enrollment or broadcast, and the email's topic) the
// preference page is for, signed with HMAC-SHA256 keyed from APP_SECRET so nobody can change
// someone else's subscriptions. It names only its own contact.

export interface UnsubscribeTarget {
  contactId: string;
  enrollmentId: string | null;
  /** A broadcast's email: the unsubscribe is counted in the broadcast's stats. */
  broadcastId?: string | null;
  /** The email's topic: a one-click unsubscribe leaves only this topic (a broadcast's comes from its record). */
  topicId?: string | null;
}

function sign(payload: string): string {
  return createHmac("sha256", `unsubscribe:${appSecret()}`).update(payload).digest("base64url").slice(0, 32);
}

export function createUnsubscribeToken(target: UnsubscribeTarget): string {
  const broadcast = target.broadcastId || target.topicId ? `.${target.broadcastId ?? ""}` : "";
  const topic = target.topicId ? `.${target.topicId}` : "";
  const payload = Buffer.from(`${target.contactId}.${target.enrollmentId ?? ""}${broadcast}${topic}`).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The target of a well-signed token, or null. */
export function verifyUnsubscribeToken(token: string): UnsubscribeTarget | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [contactId, enrollmentId, broadcastId, topicId] = Buffer.from(payload, "base64url").toString().split(".");
  if (!contactId?.startsWith("con_")) return null;
  return { contactId, enrollmentId: enrollmentId || null, broadcastId: broadcastId || null, topicId: topicId || null };
}

export function unsubscribeUrl(target: UnsubscribeTarget): string {
  return `${appUrl()}/u/${createUnsubscribeToken(target)}`;
}
