import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// Activation with enrollExisting past ENROLL_EXISTING_INLINE_MAX contacts (issue 16.3).
export const enrollExistingJob = defineJob({
  id: "automation.enroll-existing",
  payload: z.object({ automationId: z.string() }),
  maxAttempts: 6,
  handler: async (payload) => (await import("./enroll-existing-contacts")).enrollExistingContacts(payload),
});
