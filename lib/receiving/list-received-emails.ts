import { getDb } from "@/lib/db/client";
import { likeLiteral } from "@/lib/db/like-literal";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListReceivedEmailsQuery } from "./schemas";
import { serializeReceivedEmailSummary } from "./serialize-received-email";

/** Received messages, newest first: the SDK's list shape (object, has_more) with Mailwright's pagination beside it. */
export async function listReceivedEmails(options: { accountId: string; query: ListReceivedEmailsQuery }) {
  const { query } = options;
  const where: Prisma.ReceivedEmailWhereInput = { accountId: options.accountId };
  if (query.q) {
    const text = likeLiteral(query.q);
    where.OR = [{ subject: { contains: text, mode: "insensitive" } }, { from: { contains: text, mode: "insensitive" } }];
  }
  const db = getDb();
  const [rows, total] = await Promise.all([
    db.receivedEmail.findMany({
      where,
      omit: { raw: true, html: true, text: true, headers: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit,
      skip: query.offset,
    }),
    db.receivedEmail.count({ where }),
  ]);
  const attachments = rows.length
    ? await db.receivedAttachment.findMany({
        where: { receivedEmailId: { in: rows.map((r) => r.id) } },
        omit: { content: true },
        orderBy: { id: "asc" },
      })
    : [];
  const hasMore = query.offset + rows.length < total;
  return {
    object: "list" as const,
    has_more: hasMore,
    data: rows.map((row) =>
      serializeReceivedEmailSummary(
        { ...row, html: null, text: null, headers: {} },
        attachments.filter((a) => a.receivedEmailId === row.id),
      ),
    ),
    pagination: { limit: query.limit, offset: query.offset, total, hasMore },
  };
}
