import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** Due advance jobs the poller takes into one batch (advanceEnrollments). */
export const ADVANCE_BATCH_SIZE = 200;

// Sends an enrollment's due step and schedules the next (DESIGN 5). The implementation loads
// lazily: it imports the email pipeline, which imports the job runtime. The poller runs due
// jobs in batches (one statement per stage for all of them); Inngest runs them one at a time.
export const advanceEnrollmentJob = defineJob({
  id: "automation.enrollment.advance",
  payload: z.object({ enrollmentId: z.string() }),
  maxAttempts: 6,
  handler: async ({ enrollmentId }, ctx) => (await import("./advance-enrollment")).advanceEnrollment({ enrollmentId }, ctx),
  batch: {
    size: ADVANCE_BATCH_SIZE,
    slots: 2,
    run: async (items) =>
      (await import("./advance-enrollments")).advanceEnrollments(
        items.map(({ payload, ctx }) => ({ enrollmentId: payload.enrollmentId, ctx })),
      ),
  },
});
