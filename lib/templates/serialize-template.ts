import type { Template } from "@/lib/generated/prisma/client";
import { readSampleData } from "./sample-data";
import { draftContent, publishedContent } from "./versions/template-content";

/** The spec's template: its published content (what sends use), with its draft beside it. */
export function serializeTemplate(template: Template) {
  const published = publishedContent(template);
  const draft = draftContent(template);
  return {
    id: template.id,
    name: published.name,
    subject: published.subject,
    htmlBody: published.htmlBody,
    variables: published.variables,
    sampleData: readSampleData(template.sampleData),
    design: published.design,
    status: template.publishedAt ? ("published" as const) : ("draft" as const),
    publishedAt: template.publishedAt?.toISOString() ?? null,
    alias: template.alias,
    draft: draft
      ? { name: draft.name, subject: draft.subject, htmlBody: draft.htmlBody, variables: draft.variables, design: draft.design }
      : null,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

export type TemplateResponse = ReturnType<typeof serializeTemplate>;
