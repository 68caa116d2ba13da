import { apiHandler } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { verifyCronSecret } from "@/lib/jobs/verify-cron-secret";
import { sweepLostJobs } from "@/lib/jobs/sweep-lost-jobs";
import { registeredJobs } from "@/lib/jobs/handlers";
import { getEnv } from "@/lib/config/env";

// GET /api/cron/sweep-jobs – Vercel cron: run the due job rows Inngest never ran (needs CRON_SECRET)
export const GET = apiHandler({ public: true }, async ({ req }) => {
  const secret = getEnv().CRON_SECRET;
  // Without CRON_SECRET this route does not exist (a worker's poller sweeps instead).
  if (!secret) throw new ApiError("not_found", "not found");
  if (!verifyCronSecret(req.headers.get("authorization"), secret)) {
    throw new ApiError("unauthorized", "send Authorization: Bearer <CRON_SECRET>");
  }
  return sweepLostJobs({ limit: getEnv().CRON_SWEEP_LIMIT, jobs: registeredJobs });
});
