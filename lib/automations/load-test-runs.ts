import { getDb, type Db } from "@/lib/db/client";
import type { Enrollment } from "@/lib/generated/prisma/client";
import { serializeTestRun } from "./serialize-test-run";

/** Test runs with the automation's current steps, their emails and dev inbox copies, serialized. */
export async function loadTestRuns(runs: Enrollment[], options: { automationId: string; withHtml?: boolean; db?: Db }) {
  const db = options.db ?? getDb();
  if (!runs.length) return [];
  const [steps, emails] = await Promise.all([
    db.automationStep.findMany({
      where: { automationId: options.automationId },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: { id: true, position: true, delayMinutes: true },
    }),
    db.email.findMany({
      where: { enrollmentId: { in: runs.map((run) => run.id) }, isTest: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, enrollmentId: true, stepId: true, subject: true, html: options.withHtml ?? true, status: true, to: true, createdAt: true, sentAt: true },
    }),
  ]);
  const inbox = await db.inboxMessage.findMany({
    where: { emailId: { in: emails.map((email) => email.id) } },
    select: { id: true, emailId: true },
  });
  const inboxByEmail = new Map(inbox.map((message) => [message.emailId!, message.id]));
  return runs.map((run) =>
    serializeTestRun(
      run,
      steps,
      emails.filter((email) => email.enrollmentId === run.id).map((email) => ({ ...email, html: email.html ?? null })),
      inboxByEmail,
      { withHtml: options.withHtml },
    ),
  );
}
