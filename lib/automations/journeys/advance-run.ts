import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { advanceEnrollmentJob } from "../enrollments/advance-enrollment-job";
import { applyRunPlansSql } from "./advance-runs-sql";
import type { Enrollment } from "@/lib/generated/prisma/client";
import { endedRunEventType, fanOutRunEvents } from "../fan-out-run-events";
import { getDefaultLayouts } from "@/lib/layouts/get-default-layouts";
import { planRun, withGraph, type LoadedRun, type RunPlan } from "./plan-run";

export type RunAdvanceResult =
  | { status: "skipped"; reason: "missing" | "not_active" | "not_due" | "moved_concurrently" }
  | { status: "waiting"; stepKey: string; until: string; event: string | null }
  | { status: "ended"; runStatus: "completed" | "cancelled"; outcome: string | null };

/**
 * The due, active runs among `ids`, each with its contact, whether its address is suppressed,
 * and its automation's graph (read once per automation): three statements for any number.
 */
async function loadDueRuns(ids: string[], at: Date): Promise<{ due: LoadedRun[]; skipped: Map<string, RunAdvanceResult> }> {
  const db = getDb();
  const runs = await db.enrollment.findMany({ where: { id: { in: ids } }, include: { contact: true } });
  const skipped = new Map<string, RunAdvanceResult>(ids.map((id) => [id, { status: "skipped", reason: "missing" }]));
  const due = runs.filter((r) => {
    if (r.status !== "active") skipped.set(r.id, { status: "skipped", reason: "not_active" });
    else if (!r.nextStepAt || r.nextStepAt.getTime() > at.getTime()) skipped.set(r.id, { status: "skipped", reason: "not_due" });
    else return skipped.delete(r.id);
    return false;
  });
  if (!due.length) return { due: [], skipped };
  const [automations, suppressions, layouts] = await Promise.all([
    db.automation.findMany({
      where: { id: { in: [...new Set(due.map((r) => r.automationId))] } },
      select: {
        id: true,
        graph: true,
        triggerKey: true,
        triggerType: true,
        triggerConfig: true,
        from: true,
        goal: true,
        sendWindow: true,
        transactional: true,
        account: { select: { name: true, companyName: true, defaultFrom: true, timezone: true, frequencyCap: true } },
      },
    }),
    db.suppression.findMany({
      where: {
        OR: [...new Set(due.filter((r) => r.contact).map((r) => `${r.accountId}\u0000${r.contact!.email}`))].map((k) => {
          const [accountId, email] = k.split("\u0000");
          return { accountId, email };
        }),
      },
      select: { accountId: true, email: true, reason: true },
    }),
    getDefaultLayouts([...new Set(due.map((r) => r.accountId))]),
  ]);
  const byId = new Map(automations.map((a) => [a.id, withGraph(a)]));
  const suppressed = new Map(suppressions.map((s) => [`${s.accountId}\u0000${s.email}`, s.reason as string]));
  return {
    due: due.map((run) => ({
      run,
      contact: run.contact,
      suppressed: run.contact ? (suppressed.get(`${run.accountId}\u0000${run.contact.email}`) ?? null) : null,
      automation: byId.get(run.automationId)!,
      layout: layouts.get(run.accountId) ?? null,
    })),
    skipped,
  };
}

/**
 * Moves the planned runs in one transaction, with the `automation.run.completed` or
 * `automation.run.exited` event of each that ended (only those this advance moved).
 */
async function apply(plans: RunPlan[], runs: Map<string, Enrollment>, at: Date): Promise<Set<string>> {
  const live = plans.filter((p) => !p.gone);
  if (!live.length) return new Set();
  return getDb().$transaction(async (tx) => {
    const moved = new Set(
      await applyRunPlansSql(tx, {
        plans: live,
        at,
        jobName: advanceEnrollmentJob.id,
        maxAttempts: advanceEnrollmentJob.maxAttempts,
        newId,
      }),
    );
    const ended = live.flatMap((plan) => {
      const run = runs.get(plan.id);
      if (!plan.end || !run || !moved.has(plan.id)) return [];
      const endedRun = { ...run, status: plan.end.status, outcome: plan.end.outcome, completedAt: at };
      return [{ type: endedRunEventType(endedRun), run: endedRun }];
    });
    await fanOutRunEvents(tx, ended, at);
    return moved;
  });
}

const runsById = (due: LoadedRun[]) => new Map(due.map((d) => [d.run.id, d.run]));

const resultOf = (plan: RunPlan, moved: Set<string>): RunAdvanceResult =>
  !plan.gone && !moved.has(plan.id)
    ? { status: "skipped", reason: "moved_concurrently" }
    : plan.end
      ? { status: "ended", runStatus: plan.end.status, outcome: plan.end.outcome }
      : { status: "waiting", stepKey: plan.rest!.key, until: plan.rest!.until.toISOString(), event: plan.rest!.event };

/**
 * Advances one journey run (the single path: advanceEnrollment, with its error handling).
 * Exactly once per step: the run moves on only if it is still where this advance found it.
 */
export async function advanceRun(enrollmentId: string): Promise<RunAdvanceResult> {
  const at = now();
  const { due, skipped } = await loadDueRuns([enrollmentId], at);
  if (!due.length) return skipped.get(enrollmentId)!;
  const plan = await planRun(due[0], at);
  return resultOf(plan, await apply([plan], runsById(due), at));
}

/** Contacts of a batch whose runs are planned at once: their sends' round trips overlap and share group commits. */
const PLANNED_AT_ONCE = 64;

/**
 * Advances many journey runs set-based: one read of the runs, their contacts, graphs and
 * layouts, each run planned in memory, one statement to move them all. Runs of different
 * contacts are planned PLANNED_AT_ONCE at a time; one contact's runs one after another, so a
 * frequency cap or a property update sees what the run before it did. Returns the runs whose
 * plan threw, for advanceEnrollment's one-by-one handling.
 */
export async function advanceRuns(ids: string[]): Promise<string[]> {
  const at = now();
  const { due } = await loadDueRuns(ids, at);
  const plans: RunPlan[] = [];
  const failed: string[] = [];
  const byContact = new Map<string, LoadedRun[]>();
  for (const loaded of due) {
    const key = loaded.run.contactId ?? loaded.run.id;
    byContact.set(key, [...(byContact.get(key) ?? []), loaded]);
  }
  const groups = [...byContact.values()];
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      for (const loaded of groups[next++]) {
        try {
          plans.push(await planRun(loaded, at));
        } catch {
          failed.push(loaded.run.id);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PLANNED_AT_ONCE, groups.length) }, lane));
  await apply(plans, runsById(due), at);
  return failed;
}
