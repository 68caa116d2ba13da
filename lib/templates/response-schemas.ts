import { z } from "zod";
import { idOf, listOf, timestamp } from "@/lib/openapi/common";
import { designSchema } from "./design";

export const templateResponseSchema = z
  .object({
    id: idOf("tpl"),
    name: z.string(),
    subject: z.string().meta({ example: "Welcome, {{name}}" }),
    htmlBody: z.string().meta({ example: "<p>Hi {{name}}</p>" }),
    variables: z.array(z.string()).meta({ example: ["name"] }),
    sampleData: z
      .record(z.string(), z.string())
      .meta({ example: { name: "Ada" }, description: "Sample values by variable path, for preview and Send test." }),
    design: designSchema
      .nullable()
      .meta({ description: "The visual editor's blocks htmlBody is rendered from; null for a template written as HTML (edited as code)." }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Template" });

export const listTemplatesResponseSchema = listOf(templateResponseSchema);

export const previewTemplateResponseSchema = z.object({ subject: z.string(), html: z.string() });
