import type { LayoutContent } from "@/lib/layouts/layout-content";
import { getDefaultLayout } from "@/lib/layouts/get-default-layout";
import { getTemplateOrThrow } from "./get-template-or-throw";
import { renderTemplate } from "./render";
import { nestSampleValues, readSampleData } from "./sample-data";
import type { PreviewTemplateBody } from "./schemas";

type PreviewedTemplate = Awaited<ReturnType<typeof getTemplateOrThrow>>;

/**
 * The template as an editor previews it: the body's unsaved subject and HTML when given, else the
 * template's; the body's variables, else its saved sample data; in `layout` when one is given.
 */
export function renderPreviewedTemplate(template: PreviewedTemplate, input: PreviewTemplateBody, layout: LayoutContent | null = null) {
  return renderTemplate(
    { subject: input.subject ?? template.subject, html: input.htmlBody ?? template.htmlBody },
    input.variables ?? nestSampleValues(readSampleData(template.sampleData)),
    { layout },
  );
}

/**
 * The template rendered with the given variables (or its saved sample data), as a send would
 * render it: alone, as an API send of it is, or with `layout: true` in the account's default
 * layout, as a journey or broadcast sends it.
 */
export async function previewTemplate(options: { accountId: string; id: string; input: PreviewTemplateBody }) {
  const template = await getTemplateOrThrow({ accountId: options.accountId, id: options.id });
  const layout = options.input.layout === true ? await getDefaultLayout({ accountId: options.accountId }) : null;
  const rendered = renderPreviewedTemplate(template, options.input, layout);
  return { subject: rendered.subject, html: rendered.html };
}
