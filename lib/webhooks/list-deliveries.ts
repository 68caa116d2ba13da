import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import { serializeWebhookDelivery } from "./serialize-webhook";

/** The webhook's delivery log, one row per attempt, newest first, each with its request and response. */
export async function listDeliveries(options: { accountId: string; webhookId: string; page: Pagination }) {
  const webhook = await getWebhookOrThrow({ accountId: options.accountId, id: options.webhookId });
  const db = getDb();
  const where = { webhookId: webhook.id };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.page.limit,
      skip: options.page.offset,
      include: { message: { select: { payload: true } } },
    }),
    db.webhookDelivery.count({ where }),
  ]);
  return paginated(
    rows.map((row) => serializeWebhookDelivery(row, row.message.payload)),
    total,
    options.page,
  );
}
