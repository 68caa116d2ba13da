import type { Email } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { getDefaultLayout } from "@/lib/layouts/get-default-layout";
import { TemplateTooComplexError } from "@/lib/templates/render";
import { renderEmailContent, rendersFromBroadcast, type BroadcastBodySource } from "./render-email-content";

type Stored = Pick<Email, "accountId" | "broadcastId" | "templateId" | "subject" | "html" | "text" | "variables">;

/**
 * A broadcast member's email not sent yet stores no body (it renders at send time): its reader
 * (GET /emails/:id, the dashboard's email view) sees it rendered now from its broadcast's send
 * body and the default layout, as its send would render it. Any other email, or one whose body
 * is not found or will not render, is returned as stored.
 */
export async function deriveBroadcastContent<T extends Stored>(email: T): Promise<T> {
  if (!rendersFromBroadcast(email)) return email;
  const source = await readBroadcastBodySource(email.accountId, email.broadcastId!);
  if (!source) return email;
  try {
    const { html, text } = renderEmailContent(email, null, source);
    return { ...email, html, text };
  } catch (error) {
    if (error instanceof TemplateTooComplexError) return email;
    throw error;
  }
}

/** The body the email's broadcast fixed when its fan-out started, with the default layout (delivery reads the same in its own statement). */
async function readBroadcastBodySource(accountId: string, broadcastId: string): Promise<BroadcastBodySource | null> {
  const db = getDb();
  const [broadcast, layout] = await Promise.all([
    db.broadcast.findFirst({ where: { id: broadcastId, accountId }, select: { sendSubject: true, sendHtml: true, sendText: true } }),
    getDefaultLayout({ accountId, db }),
  ]);
  if (!broadcast || broadcast.sendSubject === null) return null;
  return { html: broadcast.sendHtml ?? "", text: broadcast.sendText, layout };
}
