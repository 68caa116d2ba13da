import type { Email, Template } from "@/lib/generated/prisma/client";
import { renderTemplate, sanitizeSubject } from "@/lib/templates/render";
import type { RenderedContent } from "./build-recipient-message";

/**
 * What a send renders: the template (or the inline subject/html/text when variables came with
 * them) through renderTemplate, the renderer the previews use, with the email's variables as
 * sent (flat, nested or both). Templates render at send time, so a template edited after accept
 * applies. An email with content of its own (a template test send, rendered when accepted)
 * sends that content, though it names its template. Throws TemplateTooComplexError past the
 * rendering budget (accept checks it once before storing).
 */
export function renderEmailContent(
  email: Pick<Email, "subject" | "html" | "text"> & { variables: unknown },
  template: Pick<Template, "subject" | "htmlBody"> | null,
): RenderedContent {
  const variables = (email.variables as Record<string, unknown> | null) ?? {};
  if (template && email.html == null && email.text == null) {
    const out = renderTemplate({ subject: template.subject, html: template.htmlBody }, variables);
    return { subject: out.subject, html: out.html, text: null };
  }
  if (email.variables) {
    const out = renderTemplate({ subject: email.subject, html: email.html ?? "", text: email.text ?? undefined }, variables);
    return { subject: out.subject, html: email.html ? out.html : null, text: email.text ? out.text : null };
  }
  return { subject: sanitizeSubject(email.subject), html: email.html, text: email.text };
}
