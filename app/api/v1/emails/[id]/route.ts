import { apiHandler } from "@/lib/api/handler";
import { cancelEmail } from "@/lib/emails/cancel-email";
import { getEmail } from "@/lib/emails/get-email";

// GET /api/v1/emails/:id – the full record with recipients and event timeline
export const GET = apiHandler({}, ({ auth, params }) => getEmail({ accountId: auth.accountId, id: params.id }));

// DELETE /api/v1/emails/:id – cancel a scheduled email (credits refunded)
export const DELETE = apiHandler({}, ({ auth, params }) => cancelEmail({ accountId: auth.accountId, id: params.id }));
