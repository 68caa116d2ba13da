import type { Enrollment, EnrollmentStep } from "@/lib/generated/prisma/client";
import type { Graph } from "../graph/graph-types";

/** The SDK's run status for an enrollment's. */
export const runStatus = (status: string) =>
  status === "active" ? ("running" as const) : (status as "completed" | "cancelled" | "failed");

export const RUN_STATUS_TO_ENROLLMENT = { running: "active", completed: "completed", failed: "failed", cancelled: "cancelled" } as const;

export function serializeRunItem(e: Enrollment) {
  return {
    id: e.id,
    status: runStatus(e.status),
    started_at: e.enrolledAt.toISOString(),
    completed_at: e.completedAt?.toISOString() ?? null,
    created_at: e.enrolledAt.toISOString(),
  };
}

type RunStep = {
  key: string;
  type: string;
  status: "pending" | "running" | "waiting" | "completed" | "skipped" | "failed";
  output: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
  started_at: string | null;
  completed_at: string | null;
  created_at: string;
};

/** A journey run's steps: the records of the steps it passed or waits at, then the one it failed at. */
function journeySteps(e: Enrollment, records: EnrollmentStep[], graph: Graph): RunStep[] {
  const steps: RunStep[] = records.map((r) => ({
    key: r.key,
    type: r.type,
    status: r.status as RunStep["status"],
    output: (r.output as Record<string, unknown> | null) ?? null,
    error: (r.error as Record<string, unknown> | null) ?? null,
    started_at: r.startedAt?.toISOString() ?? null,
    completed_at: r.completedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
  if (e.status === "failed" && e.stepKey) {
    steps.push({
      key: e.stepKey,
      type: graph.steps.find((s) => s.key === e.stepKey)?.type ?? "send_email",
      status: "failed",
      output: null,
      error: { message: e.lastError },
      started_at: e.updatedAt.toISOString(),
      completed_at: null,
      created_at: e.updatedAt.toISOString(),
    });
  }
  return steps;
}

/**
 * A linear automation's run, in the graph's steps: those before its next position passed,
 * the delay before it waiting (while the run is active), the rest pending.
 */
function linearSteps(e: Enrollment, graph: Graph, emails: Map<string, string>): RunStep[] {
  const created = e.enrolledAt.toISOString();
  let sends = 0;
  return graph.steps.map((s, at) => {
    const index = s.type === "send_email" ? sends++ : sends;
    const passed = s.type === "trigger" || e.status === "completed" || index < e.nextPosition;
    // The run waits at its next step's delay, or at the email itself when it has none (a send
    // window not open yet).
    const waits = s.type === "delay" || (s.type === "send_email" && graph.steps[at - 1]?.type !== "delay");
    const waiting = !passed && e.status === "active" && index === e.nextPosition && waits;
    const emailId = s.type === "send_email" ? (emails.get(s.key) ?? null) : null;
    return {
      key: s.key,
      type: s.type,
      status: passed && (s.type !== "send_email" || emailId) ? "completed" : waiting ? "waiting" : passed ? "skipped" : "pending",
      output: emailId ? { emailId } : null,
      error: null,
      started_at: passed || waiting ? created : null,
      completed_at: passed ? (e.completedAt ?? e.updatedAt).toISOString() : null,
      created_at: created,
    };
  });
}

/** A run as the SDK's automations.runs.get reads it, with how it ended and whose it is. */
export function serializeRun(
  e: Enrollment,
  o: { graph: Graph; journey: boolean; records: EnrollmentStep[]; emailsByKey: Map<string, string> },
) {
  return {
    object: "automation_run" as const,
    ...serializeRunItem(e),
    contact_id: e.contactId,
    outcome: e.outcome,
    steps: o.journey ? journeySteps(e, o.records, o.graph) : linearSteps(e, o.graph, o.emailsByKey),
  };
}
