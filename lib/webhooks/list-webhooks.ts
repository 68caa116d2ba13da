import { getDb } from "@/lib/db/client";
import { paginated, type Pagination } from "@/lib/api/pagination";
import { serializeWebhook } from "./serialize-webhook";
import { webhookHealth } from "./webhook-health";

/** The account's webhooks, newest first, without their secrets, each with its health. */
export async function listWebhooks(options: { accountId: string; page: Pagination }) {
  const db = getDb();
  const where = { accountId: options.accountId };
  const [rows, total] = await Promise.all([
    db.webhook.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: options.page.limit,
      skip: options.page.offset,
    }),
    db.webhook.count({ where }),
  ]);
  const health = await webhookHealth(rows);
  return paginated(
    rows.map((row) => serializeWebhook(row, { health: health.get(row.id)! })),
    total,
    options.page,
  );
}
