import { z } from "zod";
import { idOf, listOf, timestamp } from "@/lib/openapi/common";
import { designSchema } from "./design";

const templateDraftSchema = z.object({
  name: z.string(),
  subject: z.string(),
  htmlBody: z.string(),
  variables: z.array(z.string()),
  design: designSchema.nullable(),
});

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
    status: z.enum(["draft", "published"]).meta({
      description:
        "published once any version was published (a template made here is, at once); draft: made by the resend SDK and never published.",
    }),
    publishedAt: timestamp.nullable(),
    alias: z.string().nullable().meta({ description: "Set through the resend SDK's templates calls; another way to name the template." }),
    draft: templateDraftSchema.nullable().meta({
      description:
        "The working copy saved by the dashboard's editor (or the resend SDK's update), not sent until published; null when none.",
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: "Template",
    description: "name, subject, htmlBody, variables and design are the published content: what every send uses.",
  });

export const listTemplatesResponseSchema = listOf(templateResponseSchema);

export const previewTemplateResponseSchema = z.object({ subject: z.string(), html: z.string() });

export const testTemplateResponseSchema = z.object({ id: idOf("em"), to: z.string() });

export const templateVersionSchema = z
  .object({
    id: idOf("tpv"),
    number: z.number().int().min(1),
    name: z.string(),
    subject: z.string(),
    current: z.boolean().meta({ description: "The version sends use now." }),
    publishedAt: timestamp,
    publishedBy: z
      .union([
        z.object({ type: z.literal("member"), id: z.string(), email: z.string().nullable() }),
        z.object({ type: z.literal("api_key"), id: z.string(), name: z.string().nullable() }),
      ])
      .nullable(),
  })
  .meta({ id: "TemplateVersion" });

export const listTemplateVersionsResponseSchema = z.object({ data: z.array(templateVersionSchema) });

export const templateUsesResponseSchema = z.object({
  automations: z.array(z.object({ id: idOf("aut"), name: z.string(), status: z.string() })),
  broadcasts: z.array(z.object({ id: idOf("bc"), name: z.string(), status: z.string(), scheduledAt: timestamp.nullable() })),
});
