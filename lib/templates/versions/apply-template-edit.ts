import { htmlFromDesign } from "../html-from-design";
import { extractVariables } from "../render";
import type { UpdateTemplateBody } from "../schemas";
import type { TemplateContent } from "./template-content";

/**
 * A template's content with the spec's edit applied (PUT /templates/:id, a dashboard draft).
 * Only the fields given change. A new subject or body without `variables` re-derives them. A
 * design replaces the body with the HTML rendered from it; an htmlBody written by hand, or design
 * null, drops the design (the HTML is edited as code from then on; design null keeps the HTML).
 */
export function applyTemplateEdit(current: TemplateContent, input: UpdateTemplateBody): TemplateContent {
  const subject = input.subject ?? current.subject;
  const newBody = input.design ? htmlFromDesign(input.design) : input.htmlBody;
  const htmlBody = newBody ?? current.htmlBody;
  const design = input.design ? input.design : input.design === null || input.htmlBody !== undefined ? null : current.design;
  const contentChanged = input.subject !== undefined || newBody !== undefined;
  const variables = input.variables ?? (contentChanged ? extractVariables(subject, htmlBody) : current.variables);
  return { ...current, name: input.name ?? current.name, subject, htmlBody, design, variables };
}
