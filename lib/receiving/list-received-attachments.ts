import { notFound } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { getDb } from "@/lib/db/client";
import { serializeReceivedAttachment } from "./serialize-received-email";

/** A received message's attachments with download links (the SDK's `receiving.attachments.list`). */
export async function listReceivedAttachments(options: { accountId: string; id: string; origin: string }) {
  const db = getDb();
  const email = await db.receivedEmail.findFirst({ where: { id: options.id, accountId: options.accountId }, select: { id: true } });
  if (!email) throw notFound("received email");
  const rows = await db.receivedAttachment.findMany({
    where: { receivedEmailId: email.id },
    omit: { content: true },
    orderBy: { id: "asc" },
  });
  const nowMs = now().getTime();
  return {
    object: "list" as const,
    has_more: false,
    data: rows.map((row) => serializeReceivedAttachment(row, { origin: options.origin, nowMs })),
  };
}

/** One attachment with its download link (the SDK's `receiving.attachments.get`). */
export async function getReceivedAttachment(options: { accountId: string; id: string; attachmentId: string; origin: string }) {
  const row = await getDb().receivedAttachment.findFirst({
    where: { id: options.attachmentId, receivedEmailId: options.id, accountId: options.accountId },
    omit: { content: true },
  });
  if (!row) throw notFound("attachment");
  return { object: "attachment" as const, ...serializeReceivedAttachment(row, { origin: options.origin, nowMs: now().getTime() }) };
}
