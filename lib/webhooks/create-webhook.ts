import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { checkWebhookUrl } from "./check-webhook-url";
import { WEBHOOK_EVENT_TYPES, type CreateWebhookBody } from "./schemas";
import { serializeWebhook } from "./serialize-webhook";
import { generateWebhookSecret } from "./sign-webhook";

/** Creates an active webhook; the response carries its signing secret. */
export async function createWebhook(options: { accountId: string; input: CreateWebhookBody }) {
  const { input } = options;
  await checkWebhookUrl(input.url);
  const at = now();
  const webhook = await getDb().webhook.create({
    data: {
      id: newId("wh"),
      accountId: options.accountId,
      url: input.url,
      events: input.events ?? [...WEBHOOK_EVENT_TYPES],
      secret: generateWebhookSecret(),
      createdAt: at,
      updatedAt: at,
    },
  });
  return serializeWebhook(webhook, { secret: true });
}
