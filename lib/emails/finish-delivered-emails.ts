import { now } from "@/lib/clock/clock";
import type { RecipientStatus } from "@/lib/generated/prisma/enums";
import { finishEmailsSql, readRecipientStatusesSql } from "./deliver-emails-sql";
import { scheduleRetry } from "./delivery-rules";
import { emailStatusFrom } from "./email-status";
import type { PreparedEmail } from "./partition-delivery-batch";
import { finishedEmail, type AcceptedRecord } from "./record-delivery-outcomes";

/**
 * Sets each email's status from its recipients' and queues the retry of its deferred ones.
 * Those the acceptances' statement finished (`accepted.finished`) have their statuses from it;
 * the others' are read now, after their outcomes were written, and set in one statement.
 * Returns, per email, a retry that could not be queued (its job fails and runs again).
 */
export async function finishDeliveredEmails(finishing: PreparedEmail[], accepted: AcceptedRecord | null): Promise<Map<string, unknown>> {
  const failed = new Map<string, unknown>();
  const finished = accepted?.finished ?? new Set<string>();
  const statuses = [
    ...(accepted?.statuses.filter((r) => finished.has(r.emailId)) ?? []),
    ...(await readRecipientStatusesSql(finishing.map((p) => p.row.email.id).filter((id) => !finished.has(id)))),
  ];
  const byEmail = new Map<string, { status: string; nextAttemptAt: Date | null }[]>();
  for (const r of statuses) byEmail.set(r.emailId, [...(byEmail.get(r.emailId) ?? []), r]);
  await finishEmailsSql({
    at: now(),
    emails: finishing
      .filter((p) => !finished.has(p.row.email.id))
      .map((p) => ({
        ...finishedEmail(p),
        status: emailStatusFrom((byEmail.get(p.row.email.id) ?? []).map((r) => r.status as RecipientStatus)),
      })),
  });
  for (const p of finishing) {
    const { email } = p.row;
    await scheduleRetry(email, byEmail.get(email.id) ?? []).catch((error: unknown) => failed.set(email.id, error));
  }
  return failed;
}
