import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/handler";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { forwardReceivedEmail } from "@/lib/receiving/forward-received-email";
import { forwardReceivedEmailOp } from "@/lib/receiving/operations";

// POST /api/v1/emails/receiving/:id/forward – send a received message on (passthrough, or new text/html with it attached)
export const POST = apiRoute(forwardReceivedEmailOp, async ({ auth, params, body, req }) => {
  const result = await forwardReceivedEmail({
    accountId: auth.accountId,
    id: params.id,
    body,
    idempotencyKey: req.headers.get("idempotency-key"),
  });
  return json(result.body, result.status, result.replayed ? { "Idempotent-Replayed": "true" } : undefined);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
