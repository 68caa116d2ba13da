import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/handler";
import { sendEmailBatchOp } from "@/lib/emails/operations";
import { parseBatch } from "@/lib/emails/parse-batch";
import { sendEmails } from "@/lib/emails/send-emails";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/emails/batch – send up to 100 emails, all or nothing
export const POST = apiRoute(sendEmailBatchOp, async ({ auth, body, req }) => {
  const emails = parseBatch(body);
  const result = await sendEmails({ accountId: auth.accountId, emails, batch: true, idempotencyKey: req.headers.get("idempotency-key") });
  return json(result.body, result.status, result.replayed ? { "Idempotent-Replayed": "true" } : undefined);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
