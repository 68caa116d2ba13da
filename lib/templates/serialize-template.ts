import type { Template } from "@/lib/generated/prisma/client";
import { readSampleData } from "./sample-data";

export function serializeTemplate(template: Template) {
  return {
    id: template.id,
    name: template.name,
    subject: template.subject,
    htmlBody: template.htmlBody,
    variables: template.variables,
    sampleData: readSampleData(template.sampleData),
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

export type TemplateResponse = ReturnType<typeof serializeTemplate>;
