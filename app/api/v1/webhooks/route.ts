import { apiRoute } from "@/lib/api/api-route";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { createWebhookOp, listWebhooksOp } from "@/lib/webhooks/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/webhooks – create a webhook; the response carries its signing secret
export const POST = apiRoute(createWebhookOp, ({ auth, body }) => createWebhook({ accountId: auth.accountId, input: body }));

// GET /api/v1/webhooks – list webhooks, newest first (no secrets)
export const GET = apiRoute(listWebhooksOp, ({ auth, query }) => listWebhooks({ accountId: auth.accountId, page: query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
