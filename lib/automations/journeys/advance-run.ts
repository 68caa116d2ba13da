import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { advanceEnrollmentJob } from "../enrollments/advance-enrollment-job";
import { parseTestRunContact } from "../test-runs/test-run-contact";
import { stepDelayMs } from "../test-runs/test-run-timing";
import { readGraph } from "../graph/read-graph";
import { nextKey, type Graph, type GraphStep } from "../graph/graph-types";
import { delayMinutesOf, waitTimeoutMinutes } from "../graph/step-configs";
import type { Rule } from "../graph/rule-schema";
import { evaluateRule, type RuleContact } from "./evaluate-rule";
import { pickVariant } from "./pick-variant";
import { addRunContactToList, sendStepEmail, updateRunContact, type RunScope } from "./step-actions";

/** The steps one advance may pass without a delay or a wait (a saved graph has at most 100). */
const MAX_STEPS_PER_ADVANCE = 101;

export type RunAdvanceResult =
  | { status: "skipped"; reason: "missing" | "not_active" | "not_due" | "moved_concurrently" }
  | { status: "waiting"; stepKey: string; until: string; event: string | null }
  | { status: "ended"; runStatus: "completed" | "cancelled"; outcome: string | null };

interface StepRecord {
  key: string;
  type: string;
  status: "completed" | "waiting";
  output: Record<string, unknown> | null;
}

/** The advance job's dedupe key for a journey run: one job per run, step and due time. */
export const runAdvanceDedupeKey = (runId: string, stepKey: string, dueAt: Date) => `automation.run:${runId}:${stepKey}:${dueAt.getTime()}`;

/**
 * Advances a journey run from the step it is at through every step that takes no time
 * (conditions, splits, emails, contact changes) to the next delay or wait, or to its end.
 * A run rests only at a delay or a wait: due there, a delay is over, and a wait whose event
 * came (waitingEvent cleared by the event) goes on along event_received, else along timeout.
 *
 * Exactly once per step: the run moves on only if it is still where this advance found it
 * (one conditional update), emails are unique per run and step, and a split's variant, once
 * drawn, is kept. What throws (out of credits, a sender that may not send) leaves the run
 * where it was, for advanceEnrollment's handling and the job's retries.
 */
export async function advanceRun(enrollmentId: string): Promise<RunAdvanceResult> {
  const db = getDb();
  const run = await db.enrollment.findUnique({
    where: { id: enrollmentId },
    include: {
      contact: true,
      automation: {
        select: {
          id: true,
          graph: true,
          triggerKey: true,
          triggerType: true,
          triggerConfig: true,
          from: true,
          goal: true,
          account: { select: { name: true, companyName: true, defaultFrom: true } },
        },
      },
    },
  });
  if (!run) return { status: "skipped", reason: "missing" };
  if (run.status !== "active") return { status: "skipped", reason: "not_active" };
  const at = now();
  if (!run.nextStepAt || run.nextStepAt.getTime() > at.getTime()) return { status: "skipped", reason: "not_due" };

  const { automation } = run;
  const graph: Graph = readGraph(automation);
  const byKey = new Map(graph.steps.map((s) => [s.key, s]));
  const scope: RunScope = {
    enrollmentId,
    accountId: run.accountId,
    automationId: automation.id,
    isTest: run.isTest,
    listName: run.listName,
    eventProperties: run.eventProperties as Record<string, unknown> | null,
    automationFrom: automation.from,
    account: automation.account,
  };
  const test = run.isTest ? parseTestRunContact(run.testContact) : null;
  let contact: RuleContact | null = run.contact
    ? {
        id: run.contact.id,
        email: run.contact.email,
        name: run.contact.name,
        properties: run.contact.properties,
        createdAt: run.contact.createdAt,
      }
    : test && { id: null, email: test.email, name: test.name, properties: test.properties };

  const records: StepRecord[] = [];
  let resumed: { key: string; output: Record<string, unknown> } | null = null;
  let end: { status: "completed" | "cancelled"; outcome: string | null; error?: string } | null = null;
  let rest: { key: string; until: Date; event: string | null } | null = null;
  const variants = { ...((run.variants as Record<string, string> | null) ?? {}) };

  let key: string | null = run.stepKey ?? automation.triggerKey;
  const here = byKey.get(key);
  if (here?.type === "delay") {
    resumed = { key, output: { waitedUntil: at.toISOString() } };
    key = nextKey(graph, key, "default");
  } else if (here?.type === "wait_for_event") {
    const received = run.waitingEvent === null;
    resumed = { key, output: received ? { event: here.config.eventName } : { timedOut: true } };
    key = nextKey(graph, key, received ? "event_received" : "timeout");
  }

  const suppressed = run.contact
    ? await db.suppression.findUnique({
        where: { accountId_email: { accountId: run.accountId, email: run.contact.email } },
        select: { reason: true },
      })
    : null;
  const ctx = () => ({ db, accountId: run.accountId, enrollmentId, contact: contact! });
  if (!contact) end = { status: "cancelled", outcome: null, error: "the run has no contact" };
  else if (run.contact && !run.contact.subscribed) end = { status: "cancelled", outcome: null, error: "contact unsubscribed" };
  else if (suppressed) end = { status: "cancelled", outcome: null, error: `contact address suppressed (${suppressed.reason})` };
  else if ((automation.goal as { rule?: Rule } | null)?.rule && (await evaluateRule((automation.goal as { rule: Rule }).rule, ctx()))) {
    end = { status: "completed", outcome: "converted" };
  }

  for (let n = 0; !end && !rest; n++) {
    if (key === null) {
      end = { status: "completed", outcome: null };
      break;
    }
    const step: GraphStep | undefined = byKey.get(key);
    if (!step) {
      end = { status: "cancelled", outcome: null, error: `step ${key} was removed from the journey` };
      break;
    }
    if (n >= MAX_STEPS_PER_ADVANCE) {
      end = { status: "cancelled", outcome: null, error: "too many steps without a delay or a wait" };
      break;
    }
    const done = (output: Record<string, unknown> | null = null) =>
      records.push({ key: step.key, type: step.type, status: "completed", output });
    const c = step.config;
    switch (step.type) {
      case "trigger":
        done();
        key = nextKey(graph, step.key, "default");
        break;
      case "delay": {
        const minutes = delayMinutesOf(c);
        if (minutes === 0) {
          done();
          key = nextKey(graph, step.key, "default");
          break;
        }
        const until = new Date(at.getTime() + stepDelayMs(minutes, run.isTest));
        records.push({ key: step.key, type: step.type, status: "waiting", output: { until: until.toISOString() } });
        rest = { key: step.key, until, event: null };
        break;
      }
      case "wait_for_event": {
        const until = new Date(at.getTime() + stepDelayMs(waitTimeoutMinutes(c), run.isTest));
        records.push({ key: step.key, type: step.type, status: "waiting", output: { eventName: c.eventName, until: until.toISOString() } });
        rest = { key: step.key, until, event: c.eventName as string };
        break;
      }
      case "send_email":
        done({ emailId: await sendStepEmail(scope, contact!, step.key, c) });
        key = nextKey(graph, step.key, "default");
        break;
      case "condition": {
        const met = await evaluateRule(c as Rule, ctx());
        done({ result: met });
        key = nextKey(graph, step.key, met ? "condition_met" : "condition_not_met");
        break;
      }
      case "split": {
        const variant = variants[step.key] ?? pickVariant(enrollmentId, step.key, c.variants as { name: string; weight: number }[]);
        variants[step.key] = variant;
        done({ variant });
        key = nextKey(graph, step.key, "variant", variant);
        break;
      }
      case "contact_update":
        contact = await updateRunContact(scope, contact!, c);
        done();
        key = nextKey(graph, step.key, "default");
        break;
      case "add_to_segment":
        done({ added: await addRunContactToList(scope, contact!, c.segmentId as string) });
        key = nextKey(graph, step.key, "default");
        break;
      case "contact_delete":
        // The run goes with its contact (the enrollment cascades).
        if (contact!.id && !run.isTest) {
          await db.contact.deleteMany({ where: { id: contact!.id, accountId: run.accountId } });
          return { status: "ended", runStatus: "completed", outcome: "contact_deleted" };
        }
        done();
        end = { status: "completed", outcome: "contact_deleted" };
        break;
      case "exit":
        done({ reason: c.reason ?? null });
        end = { status: "completed", outcome: (c.reason as string | undefined) ?? "exit" };
        break;
    }
  }

  const moved = await db.$transaction(async (tx) => {
    const { count } = await tx.enrollment.updateMany({
      where: { id: enrollmentId, status: "active", stepKey: run.stepKey, nextStepAt: run.nextStepAt, waitingEvent: run.waitingEvent },
      data: end
        ? {
            status: end.status,
            outcome: end.outcome,
            lastError: end.error ?? null,
            stepKey: key,
            nextStepAt: null,
            waitingEvent: null,
            variants,
            completedAt: at,
            waitingForCreditsSince: null,
            updatedAt: at,
          }
        : {
            stepKey: rest!.key,
            nextStepAt: rest!.until,
            waitingEvent: rest!.event,
            variants,
            lastError: null,
            waitingForCreditsSince: null,
            updatedAt: at,
          },
    });
    if (!count) return false;
    if (resumed) {
      await tx.enrollmentStep.updateMany({
        where: { enrollmentId, key: resumed.key, status: "waiting" },
        data: { status: "completed", output: resumed.output as object, completedAt: at },
      });
    }
    if (records.length) {
      await tx.enrollmentStep.createMany({
        data: records.map((r, i) => ({
          id: newId("rst"),
          enrollmentId,
          key: r.key,
          type: r.type,
          status: r.status,
          output: (r.output ?? undefined) as object | undefined,
          startedAt: at,
          completedAt: r.status === "completed" ? at : null,
          // Distinct times keep the run's steps in the order they were passed.
          createdAt: new Date(at.getTime() + i),
        })),
      });
    }
    if (rest) {
      await enqueueJob(
        advanceEnrollmentJob,
        { enrollmentId },
        { tx, runAt: rest.until, dedupeKey: runAdvanceDedupeKey(enrollmentId, rest.key, rest.until), accountId: run.accountId },
      );
    }
    return true;
  });
  if (!moved) return { status: "skipped", reason: "moved_concurrently" };
  return end
    ? { status: "ended", runStatus: end.status, outcome: end.outcome }
    : { status: "waiting", stepKey: rest!.key, until: rest!.until.toISOString(), event: rest!.event };
}
