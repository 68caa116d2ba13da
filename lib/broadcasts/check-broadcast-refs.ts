import type { Db, Tx } from "@/lib/db/client";
import { ApiError, type ErrorDetail } from "@/lib/api/errors";

/** A 400 naming the list, template or topic that is not one of the account's. */
export async function checkBroadcastRefs(
  db: Db | Tx,
  accountId: string,
  refs: { listId?: string; templateId?: string | null; topicId?: string | null },
) {
  const problems: ErrorDetail[] = [];
  if (refs.listId && !(await db.contactList.findFirst({ where: { id: refs.listId, accountId }, select: { id: true } }))) {
    problems.push({ path: "listId", message: "no such list" });
  }
  if (refs.templateId && !(await db.template.findFirst({ where: { id: refs.templateId, accountId }, select: { id: true } }))) {
    problems.push({ path: "templateId", message: "no such template" });
  }
  if (refs.topicId && !(await db.topic.findFirst({ where: { id: refs.topicId, accountId }, select: { id: true } }))) {
    problems.push({ path: "topicId", message: "no such topic" });
  }
  if (problems.length) throw new ApiError("validation_error", `${problems[0].path}: ${problems[0].message}`, problems);
}
