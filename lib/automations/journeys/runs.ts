import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { paginated } from "@/lib/api/pagination";
import { getAutomationOrThrow } from "../get-automation-or-throw";
import { readGraph } from "../graph/read-graph";
import type { ListRunsQuery } from "../graph/journey-schemas";
import { RUN_STATUS_TO_ENROLLMENT, serializeRun, serializeRunItem } from "./serialize-run";

/** automations.runs.list: an automation's runs (its real enrollments), newest first. */
export async function listRuns(o: { accountId: string; automationId: string; query: ListRunsQuery }) {
  await getAutomationOrThrow({ accountId: o.accountId, id: o.automationId });
  const { limit, offset, status } = o.query;
  const where = {
    automationId: o.automationId,
    isTest: false,
    ...(status ? { status: { in: status.map((s) => RUN_STATUS_TO_ENROLLMENT[s]) } } : {}),
  };
  const [rows, total] = await Promise.all([
    getDb().enrollment.findMany({ where, orderBy: [{ enrolledAt: "desc" }, { id: "desc" }], take: limit, skip: offset }),
    getDb().enrollment.count({ where }),
  ]);
  const page = paginated(rows.map(serializeRunItem), total, { limit, offset });
  return { object: "list" as const, data: page.data, has_more: page.pagination.hasMore };
}

/** automations.runs.get: one run with its steps. */
export async function getRun(o: { accountId: string; automationId: string; runId: string }) {
  const automation = await getAutomationOrThrow({ accountId: o.accountId, id: o.automationId });
  const db = getDb();
  const run = await db.enrollment.findFirst({ where: { id: o.runId, automationId: automation.id, accountId: o.accountId } });
  if (!run) throw notFound("run");
  const journey = automation.graph !== null;
  const [records, emails] = await Promise.all([
    journey ? db.enrollmentStep.findMany({ where: { enrollmentId: run.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }) : [],
    journey ? [] : db.email.findMany({ where: { enrollmentId: run.id }, select: { id: true, stepId: true } }),
  ]);
  // A linear run's emails name their step by id; the graph names it by key.
  const keyOf = new Map(automation.steps.map((s) => [s.id, s.key ?? s.id]));
  const emailsByKey = new Map(emails.filter((m) => m.stepId).map((m) => [keyOf.get(m.stepId!) ?? m.stepId!, m.id]));
  return serializeRun(run, { graph: readGraph(automation), journey, records, emailsByKey });
}
