import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { extractVariables } from "./render";
import { serializeTemplate } from "./serialize-template";
import type { CreateTemplateBody } from "./schemas";

/** Stores a template; `variables` omitted are derived from the subject and body. */
export async function createTemplate(options: { accountId: string; input: CreateTemplateBody }) {
  const { name, subject, htmlBody, variables, sampleData } = options.input;
  const template = await getDb().template.create({
    data: {
      id: newId("tpl"),
      accountId: options.accountId,
      name,
      subject,
      htmlBody,
      variables: variables ?? extractVariables(subject, htmlBody),
      sampleData: sampleData ?? {},
    },
  });
  return serializeTemplate(template);
}
