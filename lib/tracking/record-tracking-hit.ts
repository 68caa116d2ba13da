import { clientAddress, UNKNOWN_ADDRESS } from "@/lib/api/client-address";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { recordEmailEvent } from "@/lib/emails/record-event";
import { domainOf, parseAddress } from "@/lib/emails/addresses";
import { normalizeClickUrl } from "./normalize-click-url";
import { trackingHitAllowed } from "./tracking-rate-limit";

export interface TrackingHit {
  userAgent: string | null;
  ipAddress: string | null;
}

export type TrackingResult =
  | { kind: "unknown" }
  /** `counted`: the hit recorded an event (false for a repeat within a minute or over a limit). */
  | { kind: "open"; counted: boolean }
  | { kind: "click"; url: string; counted: boolean }
  /** A click token whose stored URL is not an http(s) URL: nothing to redirect to. */
  | { kind: "bad_link" };

/** A token's repeat hits within this window record nothing (a client reloading the pixel). */
export const REPEAT_WINDOW_MS = 60_000;

/**
 * An open (pixel) or a click (redirect) by token. The caller answers 404 for an unknown token,
 * never a redirect elsewhere, and redirects a click only to its stored, normalized http(s) URL.
 * A hit records an event (and its webhooks) unless it repeats the token's last counted hit
 * within a minute or passes the per-token or per-address limit: the pixel and the redirect
 * still answer then.
 */
export async function recordTrackingHit(kind: "open" | "click", token: string, hit: TrackingHit): Promise<TrackingResult> {
  if (!/^[0-9A-Za-z]{16,64}$/.test(token)) return { kind: "unknown" };
  const db = getDb();
  const row = await db.trackingToken.findUnique({ where: { token } });
  if (!row || row.kind !== kind) return { kind: "unknown" };
  let url = "";
  if (kind === "click") {
    const stored = row.url === null ? null : normalizeClickUrl(row.url);
    if (!stored) return { kind: "bad_link" };
    url = stored;
  }
  const result = (counted: boolean): TrackingResult => (kind === "open" ? { kind, counted } : { kind, url, counted });
  if (!(await trackingHitAllowed(token, hit.ipAddress))) return result(false);

  const email = await db.email.findUnique({
    where: { id: row.emailId },
    select: { id: true, accountId: true, tags: true, automationId: true, from: true, subject: true, isTest: true },
  });
  const recipient = await db.emailRecipient.findUnique({ where: { id: row.recipientId }, select: { id: true, email: true } });
  if (!email || !recipient) return { kind: "unknown" };
  const at = now();
  let counted = false;
  await db.$transaction(async (tx) => {
    // Counted only when the last counted hit is a minute old: a conditional update, so two hits
    // at once cannot both count.
    const claimed = await tx.trackingToken.updateMany({
      where: {
        token,
        OR: [{ lastCountedAt: null }, { lastCountedAt: { lte: new Date(at.getTime() - REPEAT_WINDOW_MS) } }],
      },
      data: { useCount: { increment: 1 }, firstUsedAt: row.firstUsedAt ?? at, lastCountedAt: at },
    });
    if (claimed.count === 0) return;
    counted = true;
    const base = { email, domain: domainOf(parseAddress(email.from)?.address ?? email.from), recipient };
    const data = {
      from: email.from,
      to: recipient.email,
      subject: email.subject,
      user_agent: hit.userAgent ?? "",
      ip_address: hit.ipAddress ?? "",
    };
    // The recipient's first open and first click (of any link) are marked with a conditional
    // update, so two hits at once cannot both count as the first.
    const firstFor = async (field: "firstOpenedAt" | "firstClickedAt") =>
      (await tx.emailRecipient.updateMany({ where: { id: recipient.id, [field]: null }, data: { [field]: at } })).count === 1;
    if (kind === "open") {
      const first = await firstFor("firstOpenedAt");
      await recordEmailEvent(tx, { ...base, type: "email.opened", data: { ...data, unique: first } });
    } else {
      await firstFor("firstClickedAt");
      await recordEmailEvent(tx, {
        ...base,
        type: "email.clicked",
        data: { ...data, link: url, unique: !row.firstUsedAt },
      });
    }
  });
  return result(counted);
}

/**
 * The hit's user agent and client address. The address is the first X-Forwarded-For entry (or
 * X-Real-IP) for now: to be replaced by lib/api/client-address.ts clientAddress(req), which
 * honours TRUST_PROXY_HOPS, when that lands.
 */
export function hitFrom(req: Request): TrackingHit {
  const address = clientAddress(req);
  return { userAgent: req.headers.get("user-agent"), ipAddress: address === UNKNOWN_ADDRESS ? null : address };
}
