import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// Activation with enrollExisting past ENROLL_EXISTING_INLINE_MAX contacts.
export const enrollExistingJob = defineJob({
  id: "automation.enroll-existing",
  payload: z.object({ automationId: z.string() }),
  maxAttempts: 6,
});
