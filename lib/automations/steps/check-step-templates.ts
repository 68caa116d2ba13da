import type { Db, Tx } from "@/lib/db/client";
import { ApiError, type ErrorDetail } from "@/lib/api/errors";

/** 400 naming every step whose templateId is not a template of the account. */
export async function checkStepTemplates(
  db: Db | Tx,
  accountId: string,
  steps: { templateId?: string | null; path: string }[],
): Promise<void> {
  const ids = [...new Set(steps.map((s) => s.templateId).filter((id): id is string => !!id))];
  if (!ids.length) return;
  const found = await db.template.findMany({ where: { accountId, id: { in: ids } }, select: { id: true } });
  const known = new Set(found.map((t) => t.id));
  const details: ErrorDetail[] = steps
    .filter((s) => s.templateId && !known.has(s.templateId))
    .map((s) => ({ path: s.path, message: `no template ${s.templateId} in this account` }));
  if (details.length) throw new ApiError("validation_error", `${details[0].path}: ${details[0].message}`, details);
}
