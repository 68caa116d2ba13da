import { apiHandler, created } from "@/lib/api/handler";
import { createWebhookBodySchema, listWebhooksQuerySchema } from "@/lib/webhooks/schemas";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/webhooks – create a webhook; the response carries its signing secret
export const POST = apiHandler({ body: createWebhookBodySchema }, async ({ auth, body }) =>
  created(await createWebhook({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/webhooks – list webhooks, newest first (no secrets)
export const GET = apiHandler({ query: listWebhooksQuerySchema }, ({ auth, query }) =>
  listWebhooks({ accountId: auth.accountId, page: query }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
