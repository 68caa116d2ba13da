import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";
import { getTemplateOrThrow } from "../get-template-or-throw";
import { draftContent, publishedContent } from "./template-content";
import { recordPublish, type Publisher } from "./record-publish";

/**
 * Publishes the template's draft: it becomes what every send uses from now on, recorded as the
 * next version, and the draft is cleared. Without a draft a published template is left as it is
 * (publishing twice records one version); a never-published one publishes what it holds.
 * Answers the template row.
 */
export async function publishTemplate(options: { accountId: string; id: string; by: Publisher }) {
  const { accountId, id } = options;
  return getDb().$transaction(async (tx) => {
    if (!(await lockRow(tx, "Template", { id, accountId }))) throw notFound("template");
    const current = await getTemplateOrThrow({ accountId, id, db: tx });
    const draft = draftContent(current);
    if (!draft && current.publishedAt) return current;
    return recordPublish(tx, { templateId: id, content: draft ?? publishedContent(current), by: options.by, clearDraft: true });
  });
}
