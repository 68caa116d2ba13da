import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/api/errors";

const FOREIGN_KEY_VIOLATION = "P2003";

/**
 * Deletes the account's template. A template an automation step uses cannot go (the foreign
 * key restricts it): 409 naming the automation. Emails sent from it keep their content.
 */
export async function deleteTemplate(options: { accountId: string; id: string }) {
  const db = getDb();
  let count: number;
  try {
    ({ count } = await db.template.deleteMany({ where: { id: options.id, accountId: options.accountId } }));
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
