import { z } from "zod";
import { defineJob } from "../define-job";
import { sendEmailJobId } from "@/lib/emails/send-job-id";

// Delivers one accepted email (at scheduled_at for scheduled ones); retries come from the
// handler itself for deferred recipients, and from the runtime when the handler throws.
export const emailSendJob = defineJob({
  id: sendEmailJobId,
  payload: z.object({ emailId: z.string() }),
  maxAttempts: 8,
  handler: async ({ emailId }) => (await import("@/lib/emails/deliver-email")).deliverEmail(emailId),
  // Out of attempts: the email ends failed with its credits back, never `sending` forever.
  onExhausted: async ({ emailId }, { error }) => {
    await (await import("@/lib/emails/fail-exhausted-email")).failExhaustedEmail({ emailId, error });
  },
});
