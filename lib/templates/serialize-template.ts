import type { Template } from "@/lib/generated/prisma/client";

export function serializeTemplate(template: Template) {
  return {
    id: template.id,
    name: template.name,
    subject: template.subject,
    htmlBody: template.htmlBody,
    variables: template.variables,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

export type TemplateResponse = ReturnType<typeof serializeTemplate>;
