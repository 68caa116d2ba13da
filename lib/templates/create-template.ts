import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { htmlFromDesign } from "./html-from-design";
import { extractVariables } from "./render";
import { serializeTemplate } from "./serialize-template";
import type { CreateTemplateBody } from "./schemas";
import { contentColumns, type TemplateContent } from "./versions/template-content";
import { NOBODY, recordPublish, type Publisher } from "./versions/record-publish";

/**
 * Stores a template, published at once as its version 1 (a spec template is what the next send
 * uses); `variables` omitted are derived from the subject and body. A design (the visual
 * editor's blocks) is stored with the HTML rendered from it.
 */
export async function createTemplate(options: { accountId: string; input: CreateTemplateBody; by?: Publisher }) {
  const { name, subject, design, variables, sampleData } = options.input;
  // The schema requires one of htmlBody and design.
  const htmlBody = design ? htmlFromDesign(design) : options.input.htmlBody!;
  const content: TemplateContent = {
    name,
    subject,
    htmlBody,
    text: null,
    design: design ?? null,
    variables: variables ?? extractVariables(subject, htmlBody),
    typedVariables: null,
    from: null,
    replyTo: [],
  };
  const template = await getDb().$transaction(async (tx) => {
    const row = await tx.template.create({
      data: { id: newId("tpl"), accountId: options.accountId, ...contentColumns(content), sampleData: sampleData ?? {} },
    });
    return recordPublish(tx, { templateId: row.id, content, by: options.by ?? NOBODY, clearDraft: false });
  });
  return serializeTemplate(template);
}
