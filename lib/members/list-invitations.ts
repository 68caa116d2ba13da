import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";
import { serializeInvitation } from "./serialize-member";

/** The account's invitations, newest first, each with its state (pending, accepted, expired, revoked). */
export async function listInvitations(options: { accountId: string; page: Pagination }) {
  const db = getDb();
  const where = { accountId: options.accountId };
  const [rows, total] = await Promise.all([
    db.invitation.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.page.limit,
      skip: options.page.offset,
    }),
    db.invitation.count({ where }),
  ]);
  return paginated(rows.map(serializeInvitation), total, options.page);
}
