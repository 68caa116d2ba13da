import type { Template } from "@/lib/generated/prisma/client";
import type { Design } from "./design";
import { readSampleData } from "./sample-data";

export function serializeTemplate(template: Template) {
  return {
    id: template.id,
    name: template.name,
    subject: template.subject,
    htmlBody: template.htmlBody,
    variables: template.variables,
    sampleData: readSampleData(template.sampleData),
    // Stored only after the schema accepted it.
    design: (template.design ?? null) as Design | null,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

export type TemplateResponse = ReturnType<typeof serializeTemplate>;
