import { apiHandler } from "@/lib/api/handler";
import { updateWebhookBodySchema } from "@/lib/webhooks/schemas";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook-or-throw";
import { serializeWebhook } from "@/lib/webhooks/serialize-webhook";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";

// GET /api/v1/webhooks/:id – one webhook, with its signing secret
export const GET = apiHandler({}, async ({ auth, params }) =>
  serializeWebhook(await getWebhookOrThrow({ accountId: auth.accountId, id: params.id }), { secret: true }),
);

// PUT /api/v1/webhooks/:id – change url and/or events (a failed webhook stays failed)
export const PUT = apiHandler({ body: updateWebhookBodySchema }, ({ auth, params, body }) =>
  updateWebhook({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/webhooks/:id – delete a webhook and its delivery log
export const DELETE = apiHandler({}, ({ auth, params }) => deleteWebhook({ accountId: auth.accountId, id: params.id }));
