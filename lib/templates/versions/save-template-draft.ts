import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";
import { newId } from "@/lib/db/ids";
import { getTemplateOrThrow } from "../get-template-or-throw";
import { serializeTemplate } from "../serialize-template";
import type { UpdateTemplateBody } from "../schemas";
import { applyTemplateEdit } from "./apply-template-edit";
import { contentJson, workingContent } from "./template-content";

/**
 * Saves the dashboard editor's edit as the draft: the working copy (the draft, else the
 * published content) with the fields given changed. Sends keep using the published content
 * until the draft is published. sampleData is the editor's setting, saved on the template.
 */
export async function saveTemplateDraft(options: { accountId: string; id: string; input: UpdateTemplateBody }) {
  const { accountId, id, input } = options;
  const updated = await getDb().$transaction(async (tx) => {
    if (!(await lockRow(tx, "Template", { id, accountId }))) throw notFound("template");
    const current = await getTemplateOrThrow({ accountId, id, db: tx });
    const working = workingContent(current);
    const draft = { ...applyTemplateEdit(working, input), versionId: working.versionId ?? newId("tpv") };
    return tx.template.update({ where: { id }, data: { draft: contentJson(draft), sampleData: input.sampleData } });
  });
  return serializeTemplate(updated);
}
