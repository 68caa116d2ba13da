import { getDb } from "@/lib/db/client";
import { domainOf, parseAddress } from "./addresses";
import { failUnsentEmail } from "./fail-unsent-email";

/**
 * The `email.send` job's last attempt failed (the handler threw every time: a database or
 * signing error, say): every recipient not yet finished ends `failed` with `email.failed`, and
 * its credit comes back, instead of the email staying `sending` forever. Idempotent.
 */
export async function failExhaustedEmail(options: { emailId: string; error: string }) {
  const email = await getDb().email.findUnique({ where: { id: options.emailId } });
  if (!email) return { status: null, failed: 0 };
  const domain = domainOf(parseAddress(email.from)?.address ?? email.from);
  // The first line only: a stack trace is for the job row, not for the customer's event.
  const cause = options.error.split("\n")[0].slice(0, 300);
  return failUnsentEmail({
    email,
    domain,
    reason: "delivery_failed",
    message: `delivery gave up after its last attempt: ${cause}`,
    refundDescription: "Email failed: delivery gave up",
  });
}
