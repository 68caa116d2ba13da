import { apiHandler } from "@/lib/api/handler";
import { cancelEmail } from "@/lib/emails/cancel-email";
import { getEmail } from "@/lib/emails/get-email";
import { rescheduleEmail } from "@/lib/emails/reschedule-email";
import { rescheduleEmailBodySchema } from "@/lib/emails/schemas";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/emails/:id – the full record with recipients and event timeline
export const GET = apiHandler({}, ({ auth, params }) => getEmail({ accountId: auth.accountId, id: params.id }));

// PATCH /api/v1/emails/:id – reschedule a scheduled email ({scheduled_at}; Resend's emails.update)
export const PATCH = apiHandler({ body: rescheduleEmailBodySchema }, ({ auth, params, body }) =>
  rescheduleEmail({ accountId: auth.accountId, id: params.id, scheduledAt: body.scheduled_at }),
);

// DELETE /api/v1/emails/:id – cancel a scheduled email (credits refunded)
export const DELETE = apiHandler({}, ({ auth, params }) => cancelEmail({ accountId: auth.accountId, id: params.id }));

// PUT /api/v1/emails/:id – same as PATCH (DESIGN 3: PUT and PATCH both update)
export const PUT = PATCH;

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
