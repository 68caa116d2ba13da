import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// Every minute, the segment_entry automations compare their segments' members with the ones
// they recorded (lib/automations/triggers/check-segment-entries.ts); an activation runs one
// pass for its automation at once, so the members at activation are recorded before anyone
// can enter. A filter may depend on time ("opened within 7 days"), so membership is read, not
// derived from contact changes.
export const segmentEntriesJob = defineJob({
  id: "automation.segment-entries",
  payload: z.object({ automationId: z.string().optional() }),
  schedule: { everySeconds: 60 },
  maxAttempts: 3,
});
