import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// Sends an enrollment's due step and schedules the next (DESIGN 5). The implementation loads
// lazily: it imports the email pipeline, which imports the job runtime.
export const advanceEnrollmentJob = defineJob({
  id: "automation.enrollment.advance",
  payload: z.object({ enrollmentId: z.string() }),
  maxAttempts: 6,
  handler: async ({ enrollmentId }, ctx) => (await import("./advance-enrollment")).advanceEnrollment({ enrollmentId }, ctx),
});
