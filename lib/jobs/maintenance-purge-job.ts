import { z } from "zod";
import { defineJob } from "./define-job";

// Hourly housekeeping: expired idempotency keys and finished jobs past their retention.
export const maintenancePurgeJob = defineJob({
  id: "maintenance.purge",
  payload: z.object({}),
  schedule: { everySeconds: 60 * 60 },
  maxAttempts: 3,
  backoff: { baseSeconds: 60 },
});
