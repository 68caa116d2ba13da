import { apiRoute } from "@/lib/api/api-route";
import { getWebhook } from "@/lib/webhooks/get-webhook";
import { deleteWebhookOp, getWebhookOp, updateWebhookOp, updateWebhookPatchOp } from "@/lib/webhooks/operations";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/webhooks/:id – one webhook, with its signing secret
export const GET = apiRoute(getWebhookOp, ({ auth, params }) => getWebhook({ accountId: auth.accountId, id: params.id }));

// PUT /api/v1/webhooks/:id – change url and/or events (a failed webhook stays failed)
export const PUT = apiRoute(updateWebhookOp, ({ auth, params, body }) =>
  updateWebhook({ accountId: auth.accountId, id: params.id, input: body }),
);

// PATCH /api/v1/webhooks/:id – same as PUT (Resend's webhooks.update)
export const PATCH = apiRoute(updateWebhookPatchOp, PUT.handler);

// DELETE /api/v1/webhooks/:id – delete a webhook, its delivery log and its queued deliveries
export const DELETE = apiRoute(deleteWebhookOp, ({ auth, params }) => deleteWebhook({ accountId: auth.accountId, id: params.id }));

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
