import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";
import { getTemplateOrThrow } from "./get-template-or-throw";
import { serializeTemplate } from "./serialize-template";
import type { UpdateTemplateBody } from "./schemas";
import { applyTemplateEdit } from "./versions/apply-template-edit";
import { publishedContent } from "./versions/template-content";
import { NOBODY, recordPublish, type Publisher } from "./versions/record-publish";

const CONTENT_FIELDS = ["name", "subject", "htmlBody", "design", "variables"] as const;

/**
 * The spec's edit (PUT /templates/:id): the fields given change the published content, what the
 * next send uses, so it is published at once as a new version (applyTemplateEdit has the field
 * rules). A draft being edited in the dashboard stays as it is; publishing it later replaces
 * this. sampleData is a setting of the editor, not versioned.
 */
export async function updateTemplate(options: { accountId: string; id: string; input: UpdateTemplateBody; by?: Publisher }) {
  const { accountId, id, input } = options;
  const updated = await getDb().$transaction(async (tx) => {
    // Deriving reads the stored half (say the body when only the subject changes), and version
    // numbers follow each other: lock the row.
    if (!(await lockRow(tx, "Template", { id, accountId }))) throw notFound("template");
    const current = await getTemplateOrThrow({ accountId, id, db: tx });
    if (input.sampleData !== undefined) await tx.template.update({ where: { id }, data: { sampleData: input.sampleData } });
    const edited = CONTENT_FIELDS.some((field) => input[field] !== undefined);
    if (!edited) return tx.template.findUniqueOrThrow({ where: { id } });
    return recordPublish(tx, {
      templateId: id,
      content: applyTemplateEdit(publishedContent(current), input),
      by: options.by ?? NOBODY,
      clearDraft: false,
    });
  });
  return serializeTemplate(updated);
}
