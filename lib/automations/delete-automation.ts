import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

/** Deletes an automation with its steps and enrollments; emails it sent keep their automation_id. */
export async function deleteAutomation(options: { accountId: string; id: string }) {
  const { count } = await getDb().automation.deleteMany({ where: { id: options.id, accountId: options.accountId } });
  if (!count) throw notFound("automation");
  return { id: options.id, deleted: true as const };
}
