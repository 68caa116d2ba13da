import { z } from "zod";
import { randomBase62 } from "@/lib/db/ids";
import { getDb } from "@/lib/db/client";
import { bindJob, defineJob, type JobContext, type JobDefinition, type JobDefinitionInput } from "@/lib/jobs/define-job";
import { runnableJobs } from "@/lib/jobs/handlers";
import { runDueJobsOnce } from "@/lib/jobs/poller";

/** A job id no other test uses, so pollers in parallel test files never take each other's rows. */
export function testJobId(area: string): string {
  return `test.${area}.j${randomBase62(10).toLowerCase()}`;
}

export interface Call {
  payload: unknown;
  ctx: JobContext;
}

/**
 * A test-only job (never in the registry), bound to a handler that records its calls; `behave`
 * decides each call's result by its 1-based number.
 */
export function recordingJob(
  area: string,
  behave: (call: number, payload: unknown) => unknown = () => undefined,
  options: Pick<JobDefinitionInput<string, z.ZodType>, "maxAttempts" | "backoff" | "schedule"> = {},
) {
  const calls: Call[] = [];
  const definition = defineJob({ id: testJobId(area), payload: z.object({ n: z.number().int().default(0) }), ...options });
  const job = bindJob(definition, {
    run: async (payload, ctx) => {
      calls.push({ payload, ctx });
      return behave(calls.length, payload);
    },
  });
  return { job, calls };
}

export function jobRow(id: string) {
  return getDb().job.findUniqueOrThrow({ where: { id } });
}

export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs the given registered jobs (with their handlers) until none is due and returns how many
 * ran. Throws when a job about one of `accountId`'s records (its payload's enrollment or email)
 * failed or will retry; another test file's leftover job failing is not this test's concern
 * (files share one database).
 */
export async function runDueFor(accountId: string, definitions: JobDefinition[], rounds = 50): Promise<number> {
  const jobs = runnableJobs(...definitions);
  let ran = 0;
  for (let i = 0; i < rounds; i++) {
    const outcomes = await runDueJobsOnce({ jobs, schedules: false, limit: 8 });
    if (!outcomes.length) return ran;
    ran += outcomes.length;
    for (const outcome of outcomes) {
      if ((outcome.status === "retry" || outcome.status === "failed") && (await concerns(outcome.id, accountId))) {
        throw new Error(`job did not complete: ${JSON.stringify(outcome)}`);
      }
    }
  }
  return ran;
}

/** Whether a job's payload names a record of `accountId` (a webhook attempt: its message's webhook's); a payload naming none is reported too. */
async function concerns(jobId: string, accountId: string): Promise<boolean> {
  const db = getDb();
  const job = await db.job.findUnique({ where: { id: jobId }, select: { payload: true } });
  const payload = (job?.payload ?? {}) as {
    accountId?: string;
    enrollmentId?: string;
    emailId?: string;
    broadcastId?: string;
    messageId?: string;
  };
  if (payload.accountId) return payload.accountId === accountId;
  if (payload.messageId) {
    const message = await db.webhookMessage.findUnique({
      where: { id: payload.messageId },
      select: { webhook: { select: { accountId: true } } },
    });
    return !message || message.webhook.accountId === accountId;
  }
  const row = payload.enrollmentId
    ? await db.enrollment.findUnique({ where: { id: payload.enrollmentId }, select: { accountId: true } })
    : payload.emailId
      ? await db.email.findUnique({ where: { id: payload.emailId }, select: { accountId: true } })
      : payload.broadcastId
        ? await db.broadcast.findUnique({ where: { id: payload.broadcastId }, select: { accountId: true } })
        : null;
  return !row || row.accountId === accountId;
}
