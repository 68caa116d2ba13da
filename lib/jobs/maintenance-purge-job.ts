import { z } from "zod";
import { defineJob } from "./define-job";
import { purgeExpiredRows } from "./purge-expired-rows";

// Hourly housekeeping: expired idempotency keys and finished jobs past their retention.
export const maintenancePurgeJob = defineJob({
  id: "maintenance.purge",
  payload: z.object({}),
  schedule: { everySeconds: 60 * 60 },
  maxAttempts: 3,
  backoff: { baseSeconds: 60 },
  handler: async (_payload, ctx) => {
    const result = await purgeExpiredRows();
    if (result.idempotencyKeys || result.jobs || result.testRuns) ctx.log.info(result, "purged expired rows");
    return result;
  },
});
