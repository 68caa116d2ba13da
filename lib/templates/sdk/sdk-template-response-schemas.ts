import { z } from "zod";
import { idOf, timestamp } from "@/lib/openapi/common";

// What the resend SDK's template calls answer (its Template, list item and references).

const statusSchema = z.enum(["draft", "published"]);

export const sdkTemplateRefSchema = z.object({ object: z.literal("template"), id: idOf("tpl") });

export const sdkTemplateSchema = z
  .object({
    object: z.literal("template"),
    id: idOf("tpl"),
    name: z.string(),
    subject: z.string().nullable(),
    html: z.string(),
    text: z.string().nullable(),
    status: statusSchema,
    variables: z.array(
      z.object({
        key: z.string(),
        type: z.enum(["string", "number"]),
        fallback_value: z.union([z.string(), z.number(), z.null()]),
        created_at: timestamp,
        updated_at: timestamp,
      }),
    ),
    alias: z.string().nullable(),
    from: z.string().nullable(),
    reply_to: z.array(z.string()).nullable(),
    published_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    has_unpublished_versions: z.boolean(),
    current_version_id: z.string(),
  })
  .meta({
    id: "SdkTemplate",
    description: "The working copy: the draft when there is one, else the published content. status is published once any version was.",
  });

export const listSdkTemplatesResponseSchema = z.object({
  object: z.literal("list"),
  data: z.array(
    z.object({
      id: idOf("tpl"),
      name: z.string(),
      alias: z.string().nullable(),
      status: statusSchema,
      published_at: timestamp.nullable(),
      created_at: timestamp,
      updated_at: timestamp,
    }),
  ),
  has_more: z.boolean(),
});

export const removedSdkTemplateResponseSchema = z.object({ object: z.literal("template"), id: idOf("tpl"), deleted: z.literal(true) });
