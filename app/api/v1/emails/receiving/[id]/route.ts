import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { downloadOrigin } from "@/lib/receiving/download-origin";
import { getReceivedEmail } from "@/lib/receiving/get-received-email";
import { getReceivedEmailOp } from "@/lib/receiving/operations";

// GET /api/v1/emails/receiving/:id – a received message with its body, headers and raw source link
export const GET = apiRoute(getReceivedEmailOp, ({ auth, params, query, req }) =>
  getReceivedEmail({ accountId: auth.accountId, id: params.id, htmlFormat: query.html_format, origin: downloadOrigin(req) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
