import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { sendEmailJobId } from "@/lib/emails/send-job-id";

// Loaded on first use (a domain module enqueues this job: no import cycle), then kept: an
// `await import()` per run goes through the module loader (and tsx's hooks) every time.
let deliverOne: Promise<typeof import("@/lib/emails/deliver-email")> | undefined;
let deliverMany: Promise<typeof import("@/lib/emails/deliver-emails")> | undefined;

// Delivers one accepted email (at scheduled_at for scheduled ones); retries come from the
// handler itself for deferred recipients, and from the runtime when the handler throws.
export const emailSendJob = defineJob({
  id: sendEmailJobId,
  payload: z.object({ emailId: z.string() }),
  maxAttempts: 8,
  handler: async ({ emailId }) => (await (deliverOne ??= import("@/lib/emails/deliver-email"))).deliverEmail(emailId),
  // The poller claims due sends in batches and delivers each batch with a few statements
  // (deliverEmails); Inngest runs `handler` per email.
  batch: {
    size: 50,
    run: async (items) =>
      (await (deliverMany ??= import("@/lib/emails/deliver-emails"))).deliverEmails(items.map((item) => item.payload.emailId)),
  },
  // Out of attempts: the email ends failed with its credits back, never `sending` forever.
  onExhausted: async ({ emailId }, { error }) => {
    await (await import("@/lib/emails/fail-exhausted-email")).failExhaustedEmail({ emailId, error });
  },
});
