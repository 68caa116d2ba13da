import { getDb, type Db } from "@/lib/db/client";
import type { AutomationStep, Enrollment } from "@/lib/generated/prisma/client";
import { serializeTestRun } from "./serialize-test-run";

type Step = Pick<AutomationStep, "id" | "position" | "delayMinutes">;

/** Test runs with the automation's current steps (in order), their emails and dev inbox copies, serialized. */
export async function loadTestRuns(runs: Enrollment[], options: { steps: Step[]; withHtml?: boolean; db?: Db }) {
  const db = options.db ?? getDb();
  if (!runs.length) return [];
  const { steps } = options;
  const emails = await db.email.findMany({
    where: { enrollmentId: { in: runs.map((run) => run.id) }, isTest: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      enrollmentId: true,
      stepId: true,
      subject: true,
      html: options.withHtml ?? true,
      status: true,
      to: true,
      createdAt: true,
      sentAt: true,
    },
  });
  const inbox = await db.inboxMessage.findMany({
    where: { emailId: { in: emails.map((email) => email.id) } },
    select: { id: true, emailId: true },
  });
  const inboxByEmail = new Map(inbox.map((message) => [message.emailId!, message.id]));
  // A journey's run records each step it took (a linear run records none).
  const taken = await db.enrollmentStep.findMany({
    where: { enrollmentId: { in: runs.map((run) => run.id) } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { enrollmentId: true, key: true, type: true, status: true, output: true },
  });
  return runs.map((run) =>
    serializeTestRun(
      run,
      steps,
      emails.filter((email) => email.enrollmentId === run.id).map((email) => ({ ...email, html: email.html ?? null })),
      inboxByEmail,
      { withHtml: options.withHtml, path: taken.filter((step) => step.enrollmentId === run.id) },
    ),
  );
}
