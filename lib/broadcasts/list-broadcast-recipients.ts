import { getDb } from "@/lib/db/client";
import { getBroadcastOrThrow } from "./get-broadcast-or-throw";
import { paginated } from "@/lib/api/pagination";
import { countBroadcastRecipientStatuses, selectBroadcastRecipientStatuses } from "./broadcast-recipients-sql";
import type { ListBroadcastRecipientsQuery } from "./schemas";

/** GET /broadcasts/:id/recipients: each member's email with its status and first open and click, in contact order. */
export async function listBroadcastRecipients(options: { accountId: string; id: string; query: ListBroadcastRecipientsQuery }) {
  const { accountId, id, query } = options;
  await getBroadcastOrThrow({ accountId, id });
  const filter = { accountId, broadcastId: id, status: query.status ?? null };
  const [rows, total] = await Promise.all([
    selectBroadcastRecipientStatuses(getDb(), { ...filter, limit: query.limit, offset: query.offset }),
    countBroadcastRecipientStatuses(getDb(), filter),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    contactId: r.contactId,
    email: r.email,
    status: r.status,
    openedAt: r.openedAt?.toISOString() ?? null,
    clickedAt: r.clickedAt?.toISOString() ?? null,
  }));
  return paginated(data, total, query);
}
