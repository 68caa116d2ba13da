import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";
import { Prisma } from "@/lib/generated/prisma/client";
import { getTemplateOrThrow } from "../get-template-or-throw";
import { serializeTemplate } from "../serialize-template";

/** Drops the draft: the editor opens the published content again. A never-published template has nothing else (409). */
export async function discardTemplateDraft(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  const updated = await getDb().$transaction(async (tx) => {
    if (!(await lockRow(tx, "Template", { id, accountId }))) throw notFound("template");
    const current = await getTemplateOrThrow({ accountId, id, db: tx });
    if (!current.publishedAt) throw new ApiError("conflict", "the template was never published: its draft is all it holds");
    return tx.template.update({ where: { id }, data: { draft: Prisma.DbNull } });
  });
  return serializeTemplate(updated);
}
