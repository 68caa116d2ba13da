import { inboxPreviewHtml } from "./inbox-preview-html";
import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";
import type { InboxMessage } from "@/lib/generated/prisma/client";

export function serializeInboxMessage(m: InboxMessage, full = false) {
  return {
    id: m.id,
    emailId: m.emailId,
    from: m.from,
    to: m.to,
    subject: m.subject,
    createdAt: m.createdAt.toISOString(),
    ...(full ? { html: inboxPreviewHtml(m.html), text: m.text, raw: m.raw } : {}),
  };
}

/** The dev inbox: what the `inbox` transport "delivered" for this account, newest first. */
export async function listInboxMessages(options: { accountId: string; page: Pagination; emailId?: string }) {
  const db = getDb();
  const where = { accountId: options.accountId, ...(options.emailId ? { emailId: options.emailId } : {}) };
  const [rows, total] = await Promise.all([
    db.inboxMessage.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.page.limit,
      skip: options.page.offset,
    }),
    db.inboxMessage.count({ where }),
  ]);
  return paginated(
    rows.map((m) => serializeInboxMessage(m)),
    total,
    options.page,
  );
}
