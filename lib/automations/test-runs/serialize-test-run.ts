import type { AutomationStep, Email, Enrollment } from "@/lib/generated/prisma/client";
import { parseTestRunContact } from "./test-run-contact";

export type TestRunStatus = "running" | "completed" | "failed" | "cancelled";
export type TestRunStepStatus = "pending" | "sent" | "failed" | "skipped";

const RUN_STATUS: Record<Enrollment["status"], TestRunStatus> = {
  active: "running",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
};

type RunEmail = Pick<Email, "id" | "stepId" | "subject" | "html" | "status" | "to" | "createdAt" | "sentAt">;

function serializeRunEmail(email: RunEmail, position: number | null, inboxMessageId: string | null, withHtml: boolean) {
  return {
    id: email.id,
    stepId: email.stepId,
    position,
    to: email.to,
    subject: email.subject,
    ...(withHtml ? { html: email.html ?? "" } : {}),
    status: email.status,
    inboxMessageId,
    createdAt: email.createdAt.toISOString(),
    sentAt: email.sentAt?.toISOString() ?? null,
  };
}

/**
 * A test run as the API shows it: the run, each current step in order with its state (sent
 * with its email, pending with its due time, failed, or skipped after the run stopped), and
 * every email the run produced, in the order sent, rendered as delivered.
 */
export function serializeTestRun(
  run: Enrollment,
  steps: Pick<AutomationStep, "id" | "position" | "delayMinutes">[],
  emails: RunEmail[],
  inboxByEmail: Map<string, string>,
  options: { withHtml?: boolean; path?: { key: string; type: string; status: string; output: unknown }[] } = {},
) {
  const withHtml = options.withHtml ?? true;
  const contact = parseTestRunContact(run.testContact);
  const byStep = new Map(emails.map((email) => [email.stepId, email]));
  const positionOf = new Map(steps.map((step, i) => [step.id, i]));
  const status = RUN_STATUS[run.status];
  return {
    id: run.id,
    automationId: run.automationId,
    status,
    contact: contact ?? { contactId: null, email: "", name: null, properties: {}, note: null },
    listName: run.listName,
    steps: steps.map((step, i) => {
      const email = byStep.get(step.id);
      let state: TestRunStepStatus;
      if (email) state = email.status === "failed" || email.status === "bounced" ? "failed" : "sent";
      else if (status === "running") state = "pending";
      else state = status === "failed" && i === run.nextPosition ? "failed" : "skipped";
      return {
        id: step.id,
        position: i,
        delayMinutes: step.delayMinutes,
        status: state,
        dueAt: !email && status === "running" && i === run.nextPosition ? (run.nextStepAt?.toISOString() ?? null) : null,
        emailId: email?.id ?? null,
      };
    }),
    // A journey's run: the steps it took, in order, each with what it decided (a condition's
    // result, a split's variant, a wait's event or timeout), and the event it waits for now.
    path: (options.path ?? []).map((step) => ({ key: step.key, type: step.type, status: step.status, output: step.output ?? null })),
    waitingFor: run.waitingEvent,
    emails: emails.map((email) =>
      serializeRunEmail(email, positionOf.get(email.stepId ?? "") ?? null, inboxByEmail.get(email.id) ?? null, withHtml),
    ),
    error: run.lastError,
    startedAt: run.enrolledAt.toISOString(),
    completedAt: run.completedAt?.toISOString() ?? null,
  };
}

export type TestRunResponse = ReturnType<typeof serializeTestRun>;
export type TestRunEmail = TestRunResponse["emails"][number];
export type TestRunStep = TestRunResponse["steps"][number];
