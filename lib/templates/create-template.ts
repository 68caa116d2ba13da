import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { Prisma } from "@/lib/generated/prisma/client";
import { htmlFromDesign } from "./html-from-design";
import { extractVariables } from "./render";
import { serializeTemplate } from "./serialize-template";
import type { CreateTemplateBody } from "./schemas";

/**
 * Stores a template; `variables` omitted are derived from the subject and body. A design (the
 * visual editor's blocks) is stored with the HTML rendered from it.
 */
export async function createTemplate(options: { accountId: string; input: CreateTemplateBody }) {
  const { name, subject, design, variables, sampleData } = options.input;
  // The schema requires one of htmlBody and design.
  const htmlBody = design ? htmlFromDesign(design) : options.input.htmlBody!;
  const template = await getDb().template.create({
    data: {
      id: newId("tpl"),
      accountId: options.accountId,
      name,
      subject,
      htmlBody,
      variables: variables ?? extractVariables(subject, htmlBody),
      sampleData: sampleData ?? {},
      design: design ? (design as Prisma.InputJsonValue) : Prisma.DbNull,
    },
  });
  return serializeTemplate(template);
}
