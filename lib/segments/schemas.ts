import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { listNameSchema } from "@/lib/lists/schemas";
import { conditionRuleSchema } from "@/lib/automations/graph/rule-schema";

// Segments: without a filter a segment is a static list (the same record /lists shows); with a
// filter (the journeys' rule grammar, one grammar for both) its members are whoever matches now.
const filterSchema = conditionRuleSchema.meta({
  description:
    "A rule: {type: rule, field, operator, value?} on a contact field or property; {type: email, action: received|opened|clicked, automationId?, stepKey?, broadcastId?, within?}; {type: event, eventName, within?, negate?}; {type: segment, segmentId}; {type: and|or, rules: [...]}.",
});

export const createSegmentBodySchema = z.object({ name: listNameSchema, filter: filterSchema.nullish() });
export const updateSegmentBodySchema = z
  .object({ name: listNameSchema.optional(), filter: filterSchema.optional() })
  .refine((b) => b.name !== undefined || b.filter !== undefined, { message: "send a name or a filter" });
export const listSegmentsQuerySchema = paginationQuerySchema;

export type CreateSegmentBody = z.infer<typeof createSegmentBodySchema>;
export type UpdateSegmentBody = z.infer<typeof updateSegmentBodySchema>;
export type ListSegmentsQuery = z.infer<typeof listSegmentsQuerySchema>;
