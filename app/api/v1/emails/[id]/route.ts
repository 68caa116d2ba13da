import { apiRoute } from "@/lib/api/api-route";
import { cancelEmail } from "@/lib/emails/cancel-email";
import { getEmail } from "@/lib/emails/get-email";
import { cancelEmailOp, getEmailOp, rescheduleEmailOp, rescheduleEmailPutOp } from "@/lib/emails/operations";
import { rescheduleEmail } from "@/lib/emails/reschedule-email";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/emails/:id – the full record with recipients and event timeline
export const GET = apiRoute(getEmailOp, ({ auth, params }) => getEmail({ accountId: auth.accountId, id: params.id }));

// PATCH /api/v1/emails/:id – reschedule a scheduled email ({scheduled_at}; Resend's emails.update)
export const PATCH = apiRoute(rescheduleEmailOp, ({ auth, params, body }) =>
  rescheduleEmail({ accountId: auth.accountId, id: params.id, scheduledAt: body.scheduled_at }),
);

// PUT /api/v1/emails/:id – same as PATCH (PUT and PATCH both update)
export const PUT = apiRoute(rescheduleEmailPutOp, PATCH.handler);

// DELETE /api/v1/emails/:id – cancel a scheduled email (credits refunded)
export const DELETE = apiRoute(cancelEmailOp, ({ auth, params }) => cancelEmail({ accountId: auth.accountId, id: params.id }));

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
