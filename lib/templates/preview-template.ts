import { getTemplateOrThrow } from "./get-template-or-throw";
import { renderTemplate } from "./render";
import { nestSampleValues, readSampleData } from "./sample-data";
import type { PreviewTemplateBody } from "./schemas";

/** The template rendered with the given variables (or its saved sample data), as a send would render it. */
export async function previewTemplate(options: { accountId: string; id: string; input: PreviewTemplateBody }) {
  const template = await getTemplateOrThrow({ accountId: options.accountId, id: options.id });
  const rendered = renderTemplate(
    { subject: options.input.subject ?? template.subject, html: options.input.htmlBody ?? template.htmlBody },
    options.input.variables ?? nestSampleValues(readSampleData(template.sampleData)),
  );
  return { subject: rendered.subject, html: rendered.html };
}
