import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { recordEmailEvent } from "@/lib/emails/record-event";
import { domainOf, parseAddress } from "@/lib/emails/addresses";

export interface TrackingHit {
  userAgent: string | null;
  ipAddress: string | null;
}

/**
 * An open (pixel) or a click (redirect) by token. Returns the stored URL for a click, true for
 * an open, null for an unknown token: the caller answers 404 then, never a redirect elsewhere.
 */
export async function recordTrackingHit(kind: "open" | "click", token: string, hit: TrackingHit): Promise<string | true | null> {
  if (!/^[0-9A-Za-z]{16,64}$/.test(token)) return null;
  const db = getDb();
  const row = await db.trackingToken.findUnique({ where: { token } });
  if (!row || row.kind !== kind) return null;
  const email = await db.email.findUnique({
    where: { id: row.emailId },
    select: { id: true, accountId: true, tags: true, automationId: true, from: true, subject: true, isTest: true },
  });
  const recipient = await db.emailRecipient.findUnique({ where: { id: row.recipientId }, select: { id: true, email: true } });
  if (!email || !recipient) return null;
  const at = now();
  await db.$transaction(async (tx) => {
    await tx.trackingToken.update({ where: { token }, data: { useCount: { increment: 1 }, firstUsedAt: row.firstUsedAt ?? at } });
    const base = { email, domain: domainOf(parseAddress(email.from)?.address ?? email.from), recipient };
    const data = { from: email.from, to: recipient.email, subject: email.subject, user_agent: hit.userAgent ?? "", ip_address: hit.ipAddress ?? "" };
    // The recipient's first open and first click (of any link) are marked with a conditional
    // update, so two hits at once cannot both count as the first.
    const firstFor = async (field: "firstOpenedAt" | "firstClickedAt") =>
      (await tx.emailRecipient.updateMany({ where: { id: recipient.id, [field]: null }, data: { [field]: at } })).count === 1;
    if (kind === "open") {
      const first = await firstFor("firstOpenedAt");
      await recordEmailEvent(tx, { ...base, type: "email.opened", data: { ...data, unique: first } });
    } else {
      await firstFor("firstClickedAt");
      await recordEmailEvent(tx, { ...base, type: "email.clicked", data: { ...data, link: row.url, unique: !row.firstUsedAt } });
    }
  });
  return kind === "click" ? row.url! : true;
}

export function hitFrom(req: Request): TrackingHit {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return { userAgent: req.headers.get("user-agent"), ipAddress: forwarded || req.headers.get("x-real-ip") || null };
}
