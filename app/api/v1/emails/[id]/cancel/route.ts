import { apiRoute } from "@/lib/api/api-route";
import { cancelEmail } from "@/lib/emails/cancel-email";
import { cancelEmailPostOp } from "@/lib/emails/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/emails/:id/cancel – cancel a scheduled email (Resend's path; same as DELETE /emails/:id)
export const POST = apiRoute(cancelEmailPostOp, ({ auth, params }) => cancelEmail({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
