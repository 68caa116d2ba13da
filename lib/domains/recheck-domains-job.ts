import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

// Every minute: the scan is one indexed query, and the shortest re-check interval (5 minutes
// for a new domain) then slips by at most a minute. The handler loads lazily so the job
// registry does not pull the DNS code into every bundle that lists jobs.
export const domainsRecheckJob = defineJob({
  id: "domains.recheck",
  payload: z.object({}),
  schedule: { everySeconds: 60 },
  maxAttempts: 3,
  handler: async (_payload, ctx) => {
    const { recheckDueDomains } = await import("./recheck-due-domains");
    const summary = await recheckDueDomains();
    if (summary.checked) ctx.log.info(summary, "re-checked domain DNS");
    return summary;
  },
});
