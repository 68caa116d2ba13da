import { acceptEmails } from "@/lib/emails/accept-emails";
import { getDefaultLayout } from "@/lib/layouts/get-default-layout";
import { getTemplateOrThrow } from "./get-template-or-throw";
import { renderPreviewedTemplate } from "./preview-template";
import type { TestTemplateBody } from "./schemas";

/**
 * POST /templates/:id/test: the template as the editor's preview shows it, sent to one address
 * as an ordinary email (one credit): the typed subject and HTML when given (a draft never
 * published too), else the template's; the variables given, else its saved sample values; in the
 * account's default layout unless `layout` is false. It is rendered here as the preview route
 * renders it, so the email is the preview; it names the template, whose later edits it does not
 * take (its content is its own).
 */
export async function sendTestTemplate(options: { accountId: string; id: string; input: TestTemplateBody }) {
  const { accountId, input } = options;
  const template = await getTemplateOrThrow({ accountId, id: options.id });
  const layout = input.layout === false ? null : await getDefaultLayout({ accountId });
  const rendered = renderPreviewedTemplate(template, input, layout);
  const [id] = await acceptEmails({
    accountId,
    emails: [
      {
        from: input.from,
        to: [input.to],
        subject: rendered.subject,
        html: rendered.html,
        tags: [{ name: "source", value: "template_test" }],
      },
    ],
    source: { kind: "api", templateId: template.id },
  });
  return { id, to: input.to };
}
