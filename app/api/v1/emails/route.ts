import { apiHandler, json } from "@/lib/api/handler";
import { listEmails } from "@/lib/emails/list-emails";
import { sendEmails } from "@/lib/emails/send-emails";
import { listEmailsQuerySchema, sendEmailBodySchema } from "@/lib/emails/schemas";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

const MAX_BODY = 15 * 1024 * 1024; // 10 MB of attachments, base64-encoded, plus the rest

// POST /api/v1/emails – send (or schedule) one email
export const POST = apiHandler({ scope: "send:email", body: sendEmailBodySchema, maxBodyBytes: MAX_BODY }, async ({ auth, body, req }) => {
  const result = await sendEmails({
    accountId: auth.accountId,
    emails: [body],
    batch: false,
    idempotencyKey: req.headers.get("idempotency-key"),
  });
  return json(result.body, result.status, result.replayed ? { "Idempotent-Replayed": "true" } : undefined);
});

// GET /api/v1/emails – list emails (filters: status, tag=name:value, from, to)
export const GET = apiHandler({ query: listEmailsQuerySchema }, ({ auth, query }) => listEmails({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
