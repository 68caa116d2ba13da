import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { getEnv } from "@/lib/config/env";
import { checkWebhookUrl } from "./check-webhook-url";
import { WEBHOOK_EVENT_TYPES, type CreateWebhookBody } from "./schemas";
import { serializeWebhook } from "./serialize-webhook";
import { healthOf } from "./webhook-health";
import { generateWebhookSecret } from "./sign-webhook";
import { encryptWebhookSecret } from "./webhook-secret";
import { lockRow } from "@/lib/db/lock-row";

/**
 * Creates an active webhook; the response carries its signing secret (stored encrypted).
 * At most WEBHOOK_MAX_PER_ACCOUNT webhooks per account, failed ones included: the count and
 * the insert run under a lock on the account row, so concurrent creates cannot pass the cap.
 */
export async function createWebhook(options: { accountId: string; input: CreateWebhookBody }) {
  const { input, accountId } = options;
  await checkWebhookUrl(input.url);
  const max = getEnv().WEBHOOK_MAX_PER_ACCOUNT;
  const id = newId("wh");
  const secret = generateWebhookSecret();
  const webhook = await getDb().$transaction(async (tx) => {
    await lockRow(tx, "Account", { id: accountId });
    const count = await tx.webhook.count({ where: { accountId } });
    if (count >= max) {
      throw new ApiError(
        "webhook_limit_reached",
        `an account can have at most ${max} webhooks (failed ones included): delete one before adding another`,
      );
    }
    const at = now();
    return tx.webhook.create({
      data: {
        id,
        accountId,
        url: input.url,
        events: input.events ?? [...WEBHOOK_EVENT_TYPES],
        secret: encryptWebhookSecret(id, secret),
        createdAt: at,
        updatedAt: at,
      },
    });
  });
  // `signing_secret` is the same secret under the name Resend's SDK returns it as.
  // A new webhook has no deliveries yet: its health needs no query.
  return { ...serializeWebhook(webhook, { secret, health: healthOf({ attempts: 0, failed: 0 }, webhook.status) }), signing_secret: secret };
}
