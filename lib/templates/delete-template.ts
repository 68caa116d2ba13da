import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";

const FOREIGN_KEY_VIOLATION = "P2003";
// An email renders its template when it is sent: one still waiting would go out empty. One with
// content of its own (a test send, rendered when accepted) does not need it.
const UNSENT = ["scheduled", "queued", "sending"] as const;

/**
 * Deletes the account's template. A template an automation step uses cannot go (the foreign
 * key restricts it), nor one a scheduled or queued email will render: 409 naming
 * who uses it. Emails sent from it keep their rendered content.
 */
export async function deleteTemplate(options: { accountId: string; id: string }) {
  const db = getDb();
  let count: number;
  try {
    count = await db.$transaction(async (tx) => {
      // The row lock orders this against an accept that references the template (its foreign
      // key check waits for the lock): an email stored first is seen below, one after fails.
      if (!(await lockRow(tx, "Template", { id: options.id, accountId: options.accountId }))) return 0;
      const waiting = await tx.email.findFirst({
        where: { accountId: options.accountId, templateId: options.id, status: { in: [...UNSENT] }, html: null, text: null },
        select: { id: true, status: true },
      });
      if (waiting) {
        throw new ApiError(
          "conflict",
          `template is used by ${waiting.status} email ${waiting.id}; cancel it (DELETE /api/v1/emails/${waiting.id}) or wait until it is sent`,
        );
      }
      return (await tx.template.deleteMany({ where: { id: options.id, accountId: options.accountId } })).count;
    });
  } catch (error) {
    if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
    // The database is the authority (no check-then-delete race); look up who holds it for the message.
    const step = await db.automationStep.findFirst({
      where: { templateId: options.id },
      select: { automation: { select: { id: true, name: true } } },
    });
    const user = step ? `automation "${step.automation.name}" (${step.automation.id})` : "an automation";
    throw new ApiError("conflict", `template is used by ${user}; remove it from the automation's steps first`);
  }
  if (count === 0) throw notFound("template");
  return { id: options.id, deleted: true as const };
}
