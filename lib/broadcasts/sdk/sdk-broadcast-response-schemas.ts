import { z } from "zod";
import { idOf, timestamp } from "@/lib/openapi/common";
import { BOUNCE_TYPES } from "./sdk-broadcast-schemas";

// What the resend SDK's broadcast calls answer (its Broadcast, list items, references and the
// recipients and clicked links lists).

const statusSchema = z.enum(["draft", "queued", "sent", "cancelled", "failed"]);

export const sdkBroadcastIdSchema = z.object({ id: idOf("bc") });
export const sdkBroadcastRefSchema = z.object({ object: z.literal("broadcast"), id: idOf("bc") });
export const removedSdkBroadcastSchema = sdkBroadcastRefSchema.extend({ deleted: z.literal(true) });

const summary = {
  id: idOf("bc"),
  name: z.string(),
  segment_id: z.string(),
  audience_id: z.string().meta({ description: "The same as segment_id (the SDK's older name)." }),
  status: statusSchema,
  created_at: timestamp,
  scheduled_at: timestamp.nullable(),
  sent_at: timestamp.nullable(),
};

export const sdkBroadcastSchema = z.object({
  object: z.literal("broadcast"),
  ...summary,
  from: z.string(),
  subject: z.string(),
  reply_to: z.null(),
  preview_text: z.null(),
  topic_id: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
});

export const listSdkBroadcastsResponseSchema = z.object({
  object: z.literal("list"),
  has_more: z.boolean(),
  data: z.array(z.object(summary)),
});

export const listSdkBroadcastRecipientsResponseSchema = z.object({
  object: z.literal("list"),
  has_more: z.boolean(),
  data: z.array(
    z.object({
      id: z.string(),
      contact_id: z.string().nullable(),
      email: z.string(),
      count: z.number().int().optional().meta({ description: "opened: the opens; clicked: the clicks" }),
      clicked_links: z.array(z.object({ url: z.string(), clicks: z.number().int() })).optional(),
      bounce_type: z.enum(BOUNCE_TYPES).optional(),
    }),
  ),
});

export const listSdkBroadcastClickedLinksResponseSchema = z.object({
  object: z.literal("list"),
  has_more: z.boolean(),
  data: z.array(z.object({ id: z.string(), url: z.string(), clicks: z.number().int(), unique_clicks: z.number().int() })),
});
