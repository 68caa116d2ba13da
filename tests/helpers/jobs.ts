import { z } from "zod";
import { randomBase62 } from "@/lib/db/ids";
import { getDb } from "@/lib/db/client";
import { defineJob, type JobContext, type JobDefinitionInput } from "@/lib/jobs/define-job";

/** A job id no other test uses, so pollers in parallel test files never take each other's rows. */
export function testJobId(area: string): string {
  return `test.${area}.j${randomBase62(10).toLowerCase()}`;
}

export interface Call {
  payload: unknown;
  ctx: JobContext;
}

/**
 * A test-only job (never in the registry) that records its calls; `behave` decides each call's
 * result by its 1-based number.
 */
export function recordingJob(
  area: string,
  behave: (call: number, payload: unknown) => unknown = () => undefined,
  options: Pick<JobDefinitionInput<z.ZodType>, "maxAttempts" | "backoff" | "schedule"> = {},
) {
  const calls: Call[] = [];
  const job = defineJob({
    id: testJobId(area),
    payload: z.object({ n: z.number().int().default(0) }),
    handler: async (payload, ctx) => {
      calls.push({ payload, ctx });
      return behave(calls.length, payload);
    },
    ...options,
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
