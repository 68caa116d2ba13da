import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/api/errors";
import { consumeWindowLimit } from "@/lib/api/rate-limit";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { sendConfirmationEmailJob } from "./send-confirmation-email-job";

/** Sends the sign-up confirmation link again (a lost email, an expired link): 5 an hour. */
export async function resendConfirmationEmail(options: { accountId: string }) {
  const account = await getDb().account.findUnique({ where: { id: options.accountId }, select: { email: true, emailConfirmedAt: true } });
  if (!account) throw notFound("account");
  if (account.emailConfirmedAt) throw new ApiError("conflict", "the account's email address is already confirmed");
  await consumeWindowLimit(
    { name: "confirmation-resend", points: 5, durationSeconds: 3600 },
    options.accountId,
    "the confirmation email was sent 5 times this hour; try again later",
  );
  // One pending send at a time: a second click while one waits sends nothing more.
  await enqueueJob(sendConfirmationEmailJob, { accountId: options.accountId }, { dedupeKey: `account.confirmation:${options.accountId}` });
  return { email: account.email, sent: true };
}
