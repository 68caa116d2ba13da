import { z } from "zod";
import { idOf, timestamp } from "@/lib/openapi/common";
import { conditionRuleSchema } from "@/lib/automations/graph/rule-schema";

export const segmentResponseSchema = z
  .object({
    object: z.literal("segment"),
    id: idOf("lst"),
    name: z.string(),
    filter: conditionRuleSchema
      .nullable()
      .meta({ description: "null: a static segment, the same record as the list with this id; else the rule its members match." }),
    count: z.number().int().meta({ description: "Members now (a filtered segment: contacts matching its filter now)." }),
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
