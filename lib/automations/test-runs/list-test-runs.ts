import { getDb } from "@/lib/db/client";
import { paginated } from "@/lib/api/pagination";
import { getAutomationOrThrow } from "../get-automation-or-throw";
import { loadTestRuns } from "./load-test-runs";
import type { ListTestRunsQuery } from "./test-run-schemas";

/** An automation's test runs, newest first; emails without their HTML (get one run for it). */
export async function listTestRuns(options: { accountId: string; automationId: string; query: ListTestRunsQuery }) {
  const { accountId, automationId, query } = options;
  const db = getDb();
  const automation = await getAutomationOrThrow({ accountId, id: automationId });
  const where = { automationId, accountId, isTest: true };
  const [runs, total] = await Promise.all([
    db.enrollment.findMany({ where, orderBy: [{ enrolledAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    db.enrollment.count({ where }),
  ]);
  return paginated(await loadTestRuns(runs, { steps: automation.steps, withHtml: false }), total, query);
}
