import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/handler";
import { listEmails } from "@/lib/emails/list-emails";
import { listEmailsOp, sendEmailOp } from "@/lib/emails/operations";
import { sendEmails } from "@/lib/emails/send-emails";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/emails – send (or schedule) one email
export const POST = apiRoute(sendEmailOp, async ({ auth, body, req }) => {
  const result = await sendEmails({
    accountId: auth.accountId,
    emails: [body],
    batch: false,
    idempotencyKey: req.headers.get("idempotency-key"),
  });
  return json(result.body, result.status, result.replayed ? { "Idempotent-Replayed": "true" } : undefined);
});

// GET /api/v1/emails – list emails (filters: status, tag=name:value, from, to)
export const GET = apiRoute(listEmailsOp, ({ auth, query }) => listEmails({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
