import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// The sign-up confirmation email, a durable job enqueued in the sign-up transaction and
// retried like any delivery.
export const sendConfirmationEmailJob = defineJob({
  id: "account.confirmation.send",
  payload: z.object({ accountId: z.string() }),
  maxAttempts: 8,
});
