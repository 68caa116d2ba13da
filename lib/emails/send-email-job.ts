import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// Delivers one accepted email (at scheduled_at for scheduled ones); retries come from the
// handler itself for deferred recipients, and from the runtime when the handler throws. The
// poller claims due sends in batches and delivers each batch with a few statements
// (deliverEmails); Inngest runs one email per run. Out of attempts, the email ends failed with
// its credits back, never `sending` forever. Handlers: lib/jobs/handlers.ts.
export const emailSendJob = defineJob({
  id: "email.send",
  payload: z.object({ emailId: z.string() }),
  maxAttempts: 8,
  batch: { size: 50 },
});
