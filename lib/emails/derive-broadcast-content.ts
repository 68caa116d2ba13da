import type { Email } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { getDefaultLayout } from "@/lib/layouts/get-default-layout";
import { TemplateTooComplexError } from "@/lib/templates/render";
import { renderEmailContent, rendersFromBroadcast, type BroadcastBodySource } from "./render-email-content";

type Stored = Pick<Email, "accountId" | "broadcastId" | "templateId" | "subject" | "html" | "text" | "variables">;

/**
 * A broadcast member's email not sent yet stores no body (it renders at send time): its reader
 * (GET /emails/:id, the dashboard's email view) sees it rendered now from the broadcast, its
 * template and the default layout as they are, as its send would render it. Any other email, or
 * one whose broadcast's template is gone or will not render, is returned as stored.
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

/** The broadcast's body as its member's email renders from it (delivery reads the same in its own statement). */
async function readBroadcastBodySource(accountId: string, broadcastId: string): Promise<BroadcastBodySource | null> {
  const db = getDb();
  const broadcast = await db.broadcast.findFirst({
    where: { id: broadcastId, accountId },
    select: { html: true, text: true, templateId: true },
  });
  if (!broadcast) return null;
  const [template, layout] = await Promise.all([
    broadcast.templateId ? db.template.findFirst({ where: { id: broadcast.templateId, accountId }, select: { htmlBody: true } }) : null,
    getDefaultLayout({ accountId, db }),
  ]);
  if (broadcast.templateId) return template ? { html: template.htmlBody, text: null, layout } : null;
  return { html: broadcast.html ?? "", text: broadcast.text, layout };
}
