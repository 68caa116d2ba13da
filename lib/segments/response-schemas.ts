import { z } from "zod";
import { idOf, timestamp } from "@/lib/openapi/common";

export const segmentResponseSchema = z
  .object({
    object: z.literal("segment"),
    id: idOf("lst"),
    name: z.string(),
    filter: z.null().meta({ description: "null: a static segment, the same record as the list with this id." }),
    count: z.number().int().meta({ description: "Members now." }),
    created_at: timestamp,
  })
  .meta({ id: "Segment" });

export const listSegmentsResponseSchema = z.object({
  object: z.literal("list"),
  data: z.array(segmentResponseSchema),
  has_more: z.boolean(),
});

export const deleteSegmentResponseSchema = z.object({ object: z.literal("segment"), id: idOf("lst"), deleted: z.literal(true) });

export const addContactSegmentResponseSchema = z.object({
  id: idOf("lst"),
  added: z.boolean().meta({ description: "false when the contact already was a member (status 200)." }),
});

export const removeContactSegmentResponseSchema = z.object({ id: idOf("lst"), contactId: idOf("con"), deleted: z.literal(true) });
