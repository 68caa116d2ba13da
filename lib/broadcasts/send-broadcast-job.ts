import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** One waiting fan-out job per broadcast. */
export const broadcastJobKey = (broadcastId: string) => `broadcast:${broadcastId}`;

// Fans a broadcast out to its list in batches (at scheduledAt for a scheduled one). Each batch
// commits its emails and then the broadcast's cursor, so a retry or a crashed worker's
// successor resumes after the last committed batch and never emails a member twice.
export const sendBroadcastJob = defineJob({
  id: "broadcasts.send",
  payload: z.object({ broadcastId: z.string() }),
  maxAttempts: 10,
});
