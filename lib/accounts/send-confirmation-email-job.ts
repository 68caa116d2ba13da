import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// The sign-up confirmation email (issue 14.2), a durable job enqueued in the sign-up
// transaction and retried like any delivery. The handler loads lazily (registry bundles).
export const sendConfirmationEmailJob = defineJob({
  id: "account.confirmation.send",
  payload: z.object({ accountId: z.string() }),
  maxAttempts: 8,
  handler: async (payload, ctx) => {
    const { sendConfirmationEmail } = await import("./send-confirmation-email");
    return sendConfirmationEmail({ accountId: payload.accountId, log: ctx.log });
  },
});
