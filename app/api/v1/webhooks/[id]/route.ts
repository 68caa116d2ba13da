import { apiHandler } from "@/lib/api/handler";
import { updateWebhookBodySchema } from "@/lib/webhooks/schemas";
import { getWebhook } from "@/lib/webhooks/get-webhook";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/webhooks/:id – one webhook, with its signing secret
export const GET = apiHandler({}, ({ auth, params }) => getWebhook({ accountId: auth.accountId, id: params.id }));

// PUT /api/v1/webhooks/:id – change url and/or events (a failed webhook stays failed)
export const PUT = apiHandler({ body: updateWebhookBodySchema }, ({ auth, params, body }) =>
  updateWebhook({ accountId: auth.accountId, id: params.id, input: body }),
);

// PATCH /api/v1/webhooks/:id – same as PUT (DESIGN 3; Resend's webhooks.update)
export const PATCH = PUT;

// DELETE /api/v1/webhooks/:id – delete a webhook, its delivery log and its queued deliveries
export const DELETE = apiHandler({}, ({ auth, params }) => deleteWebhook({ accountId: auth.accountId, id: params.id }));

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
