import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { getAutomationOrThrow } from "../get-automation-or-throw";
import { loadTestRuns } from "./load-test-runs";

/** One test run of the account's automation with its steps' states and rendered emails, or 404. */
export async function getTestRun(options: { accountId: string; automationId: string; runId: string }) {
  const { accountId, automationId, runId } = options;
  const automation = await getAutomationOrThrow({ accountId, id: automationId });
  const run = await getDb().enrollment.findFirst({ where: { id: runId, automationId, accountId, isTest: true } });
  if (!run) throw notFound("test run");
  const [serialized] = await loadTestRuns([run], { steps: automation.steps });
  return serialized;
}
