import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** Due advance jobs the poller takes into one batch (advanceEnrollments). */
export const ADVANCE_BATCH_SIZE = 200;

// Sends an enrollment's due step and schedules the next. The poller runs due jobs
// in batches (one statement per stage for all of them), two batches at once so one renders
// its emails while the other waits on PostgreSQL; Inngest runs them one at a time.
export const advanceEnrollmentJob = defineJob({
  id: "automation.enrollment.advance",
  payload: z.object({ enrollmentId: z.string() }),
  maxAttempts: 6,
  batch: { size: ADVANCE_BATCH_SIZE, slots: 2 },
});
