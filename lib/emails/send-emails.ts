import { requestFingerprint, withIdempotency } from "@/lib/api/idempotency";
import { acceptEmails } from "./accept-emails";
import type { SendEmailBody } from "./schemas";

/** POST /emails and /emails/batch: accept under the request's Idempotency-Key, if any. */
export async function sendEmails(options: { accountId: string; emails: SendEmailBody[]; batch: boolean; idempotencyKey: string | null }) {
  const path = options.batch ? "/emails/batch" : "/emails";
  return withIdempotency(
    {
      accountId: options.accountId,
      key: options.idempotencyKey,
      // Only a request with a key is compared with an earlier one (a batch's JSON and its hash cost).
      requestHash: options.idempotencyKey ? requestFingerprint("POST", path, options.batch ? options.emails : options.emails[0]) : "",
    },
    async (save) => {
      const ids = await acceptEmails({
        accountId: options.accountId,
        emails: options.emails,
        source: { kind: "api", batch: options.batch, save },
      });
      return { status: 201, body: options.batch ? { data: ids.map((id) => ({ id })) } : { id: ids[0] } };
    },
  );
}
