import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { contentColumns, contentJson, versionContent, type TemplateContent } from "./template-content";

/** Who published a version: the member's user id, or the API key's id. */
export type Publisher = { userId: string | null; apiKeyId: string | null };

/** A publish by the service itself (a caller outside a request: the CLI, a fixture). */
export const NOBODY: Publisher = { userId: null, apiKeyId: null };

/**
 * Makes `content` the template's published content and records it as the next version. The
 * caller holds the template's row lock (lockRow), which orders version numbers; `clearDraft`
 * drops the working copy (a publish of the draft), the spec's edits leave it.
 */
export async function recordPublish(tx: Tx, options: { templateId: string; content: TemplateContent; by: Publisher; clearDraft: boolean }) {
  const { templateId, content, by } = options;
  const at = now();
  const last = await tx.templateVersion.findFirst({ where: { templateId }, orderBy: { number: "desc" }, select: { number: true } });
  await tx.templateVersion.create({
    data: {
      id: content.versionId ?? newId("tpv"),
      templateId,
      number: (last?.number ?? 0) + 1,
      content: contentJson(versionContent(content)),
      publishedByUserId: by.userId,
      publishedByKeyId: by.apiKeyId,
      createdAt: at,
    },
  });
  return tx.template.update({
    where: { id: templateId },
    data: { ...contentColumns(content), publishedAt: at, ...(options.clearDraft ? { draft: Prisma.DbNull } : {}) },
  });
}
