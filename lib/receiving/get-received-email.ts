import { notFound } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { getDb } from "@/lib/db/client";
import { createDownloadToken } from "./download-token";
import { serializeReceivedEmailSummary } from "./serialize-received-email";

const WITHOUT_RAW = { raw: false } as const;
const ATTACHMENT_META = { content: false } as const;

/**
 * One received message as the SDK's `emails.receiving.get` returns it. `htmlFormat` data_uri
 * (the default) puts each inline image's content into the HTML in place of its `cid:` link;
 * cid keeps the links, each matching an attachment's content_id. `raw` links to the message
 * source for an hour.
 */
export async function getReceivedEmail(options: { accountId: string; id: string; htmlFormat?: "data_uri" | "cid"; origin: string }) {
  const db = getDb();
  const row = await db.receivedEmail.findFirst({ where: { id: options.id, accountId: options.accountId }, omit: WITHOUT_RAW });
  if (!row) throw notFound("received email");
  const attachments = await db.receivedAttachment.findMany({
    where: { receivedEmailId: row.id },
    omit: ATTACHMENT_META,
    orderBy: { id: "asc" },
  });
  let html = row.html;
  if (html && options.htmlFormat !== "cid") html = await inlineCidImages(html, row.id);
  const raw = createDownloadToken("raw", row.id, now().getTime());
  return {
    object: "email" as const,
    ...serializeReceivedEmailSummary(row, attachments),
    html,
    text: row.text,
    headers: row.headers as Record<string, string>,
    raw: { download_url: `${options.origin}/files/${raw.token}`, expires_at: raw.expiresAt.toISOString() },
  };
}

async function inlineCidImages(html: string, receivedEmailId: string): Promise<string> {
  const cids = [...new Set([...html.matchAll(/cid:([^"'\s)>]+)/gi)].map((m) => m[1]))];
  if (!cids.length) return html;
  const parts = await getDb().receivedAttachment.findMany({
    where: { receivedEmailId, contentId: { in: cids } },
    select: { contentId: true, contentType: true, content: true },
  });
  const uris = new Map(parts.map((p) => [p.contentId!, `data:${p.contentType};base64,${Buffer.from(p.content).toString("base64")}`]));
  return html.replace(/cid:([^"'\s)>]+)/gi, (link, cid: string) => uris.get(cid) ?? link);
}
