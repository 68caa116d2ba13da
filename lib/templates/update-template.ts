import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { htmlFromDesign } from "./html-from-design";
import { extractVariables } from "./render";
import { getTemplateOrThrow } from "./get-template-or-throw";
import { serializeTemplate } from "./serialize-template";
import type { UpdateTemplateBody } from "./schemas";
import { lockRow } from "@/lib/db/lock-row";

/**
 * Changes only the fields given. A new subject or body without `variables` re-derives them
 * from the template as it will be stored. A design replaces the body with the HTML rendered from
 * it; an htmlBody written by hand, or design null, drops the design (the HTML is edited as code
 * from then on, and design null keeps the HTML as it is).
 */
export async function updateTemplate(options: { accountId: string; id: string; input: UpdateTemplateBody }) {
  const { accountId, id, input } = options;
  const updated = await getDb().$transaction(async (tx) => {
    // Deriving reads the stored half (say the body when only the subject changes): lock the row
    // so a concurrent update of the other half cannot leave stale variables behind.
    if (!(await lockRow(tx, "Template", { id, accountId }))) throw notFound("template");
    const current = await getTemplateOrThrow({ accountId, id, db: tx });
    const subject = input.subject ?? current.subject;
    const newBody = input.design ? htmlFromDesign(input.design) : input.htmlBody;
    const htmlBody = newBody ?? current.htmlBody;
    const design = input.design
      ? (input.design as Prisma.InputJsonValue)
      : input.design === null || input.htmlBody !== undefined
        ? Prisma.DbNull
        : undefined;
    const contentChanged = input.subject !== undefined || newBody !== undefined;
    const variables = input.variables ?? (contentChanged ? extractVariables(subject, htmlBody) : undefined);
    return tx.template.update({
      where: { id: current.id },
      data: { name: input.name, subject: input.subject, htmlBody: newBody, design, variables, sampleData: input.sampleData },
    });
  });
  return serializeTemplate(updated);
}
