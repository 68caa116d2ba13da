import { apiHandler, json } from "@/lib/api/handler";
import { sendBroadcastBodySchema } from "@/lib/broadcasts/schemas";
import { sendBroadcast } from "@/lib/broadcasts/send-broadcast";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/broadcasts/:id/send – send a draft now or at scheduledAt (202)
export const POST = apiHandler({ body: sendBroadcastBodySchema, bodyOptional: true }, async ({ auth, params, body }) =>
  json(await sendBroadcast({ accountId: auth.accountId, id: params.id, input: body ?? {} }), 202),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
