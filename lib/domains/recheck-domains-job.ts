import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// Every minute: the scan is one indexed query, and the shortest re-check interval (5 minutes
// for a new domain) then slips by at most a minute.
export const domainsRecheckJob = defineJob({
  id: "domains.recheck",
  payload: z.object({}),
  schedule: { everySeconds: 60 },
  maxAttempts: 3,
});
