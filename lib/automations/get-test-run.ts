import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { loadTestRuns } from "./load-test-runs";

/** One test run of the account's automation with its steps' states and rendered emails, or 404. */
export async function getTestRun(options: { accountId: string; automationId: string; runId: string }) {
  const { accountId, automationId, runId } = options;
  const run = await getDb().enrollment.findFirst({ where: { id: runId, automationId, accountId, isTest: true } });
  if (!run) {
    const automation = await getDb().automation.findFirst({ where: { id: automationId, accountId }, select: { id: true } });
    throw notFound(automation ? "test run" : "automation");
  }
  const [serialized] = await loadTestRuns([run], { automationId });
  return serialized;
}
