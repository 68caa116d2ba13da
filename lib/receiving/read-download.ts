import { now } from "@/lib/clock/clock";
import { getDb } from "@/lib/db/client";
import { readDownloadToken } from "./download-token";

/** The file a download link opens, or null (a bad or expired link, or a deleted message). */
export async function readDownload(token: string): Promise<{ content: Uint8Array; contentType: string; filename: string } | null> {
  const target = readDownloadToken(token, now().getTime());
  if (!target) return null;
  const db = getDb();
  if (target.kind === "raw") {
    const row = await db.receivedEmail.findUnique({ where: { id: target.id }, select: { raw: true } });
    return row && { content: row.raw, contentType: "message/rfc822", filename: `${target.id}.eml` };
  }
  const row = await db.receivedAttachment.findUnique({
    where: { id: target.id },
    select: { content: true, contentType: true, filename: true },
  });
  return row && { content: row.content, contentType: row.contentType, filename: row.filename ?? target.id };
}
