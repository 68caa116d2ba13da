import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { checkWebhookUrl } from "./check-webhook-url";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import type { UpdateWebhookBody } from "./schemas";
import { serializeWebhook } from "./serialize-webhook";
import { webhookHealth } from "./webhook-health";

/**
 * Changes url and/or events. `status` is accepted only unchanged: a failed webhook cannot be
 * re-activated (the spec: it must be recreated), and only failing deliveries make one failed.
 */
export async function updateWebhook(options: { accountId: string; id: string; input: UpdateWebhookBody }) {
  const { accountId, id, input } = options;
  const current = await getWebhookOrThrow({ accountId, id });
  if (input.status !== undefined && input.status !== current.status) {
    const message =
      current.status === "failed"
        ? "a failed webhook cannot be re-activated; it must be recreated (delete it and create a new one)"
        : "status cannot be set; a webhook becomes failed only when its deliveries keep failing";
    throw new ApiError("validation_error", `status: ${message}`, [{ path: "status", message }]);
  }
  if (input.url !== undefined) await checkWebhookUrl(input.url);
  const health = (await webhookHealth([current])).get(current.id)!;
  if (input.url === undefined && input.events === undefined) return serializeWebhook(current, { health });
  const updated = await getDb().webhook.update({
    where: { id: current.id },
    data: { url: input.url, events: input.events, updatedAt: now() },
  });
  return serializeWebhook(updated, { health });
}
