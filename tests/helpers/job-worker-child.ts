// A worker in its own process for the crash test: node --import tsx job-worker-child.ts <job id>
// It polls for the given test job, whose handler announces itself on stdout and then hangs, so
// the test can SIGKILL this process while it holds the row.
import { z } from "zod";
import { bindJob, defineJob } from "@/lib/jobs/define-job";
import { startPoller } from "@/lib/jobs/poller";

const id = process.argv[2];
if (!id) throw new Error("usage: job-worker-child.ts <job id>");

const hanging = bindJob(defineJob({ id, payload: z.object({ n: z.number().int().default(0) }) }), {
  run: async (_payload, ctx) => {
    process.stdout.write(`started ${ctx.jobId} attempt ${ctx.attempt}\n`);
    await new Promise(() => {});
  },
});

startPoller({ jobs: [hanging], pollIntervalMs: 50 });
process.stdout.write("ready\n");
