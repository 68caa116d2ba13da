import { apiHandler } from "@/lib/api/handler";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { downloadOrigin } from "@/lib/receiving/download-origin";
import { getReceivedEmail } from "@/lib/receiving/get-received-email";
import { getReceivedEmailQuerySchema } from "@/lib/receiving/schemas";

// GET /api/v1/emails/receiving/:id – a received message with its body, headers and raw source link
export const GET = apiHandler({ query: getReceivedEmailQuerySchema }, ({ auth, params, query, req }) =>
  getReceivedEmail({ accountId: auth.accountId, id: params.id, htmlFormat: query.html_format, origin: downloadOrigin(req) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
