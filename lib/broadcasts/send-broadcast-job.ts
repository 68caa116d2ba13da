import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** One waiting fan-out job per broadcast. */
export const broadcastJobKey = (broadcastId: string) => `broadcast:${broadcastId}`;
/**
 * The same job for an A/B test's winner, enqueued by the test phase's run while that run's own
 * job still holds broadcastJobKey.
 */
export const abWinnerJobKey = (broadcastId: string) => `broadcast:${broadcastId}:ab-winner`;

// Fans a broadcast out to its list in batches (at scheduledAt for a scheduled one). Each batch
// commits its emails and then moves the broadcast's cursor, the moves in page order, so a retry
// or a crashed worker's successor resumes after the last batch whose cursor moved, passes over
// the members of any batch stored beside it, and never emails a member twice.
export const sendBroadcastJob = defineJob({
  id: "broadcasts.send",
  payload: z.object({ broadcastId: z.string() }),
  maxAttempts: 10,
});
