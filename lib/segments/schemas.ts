import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { listNameSchema } from "@/lib/lists/schemas";

// Segments: a segment without a filter is a static list (the same record /lists shows).
// Filtered segments (computed members) are refused until their rule grammar exists.
const refusedFilter = z
  .unknown()
  .optional()
  .superRefine((filter, ctx) => {
    if (filter !== undefined && filter !== null)
      ctx.addIssue({
        code: "custom",
        message: "filtered segments are not supported yet: create a segment without a filter (a static list)",
      });
  });

export const createSegmentBodySchema = z.object({ name: listNameSchema, filter: refusedFilter });
export const updateSegmentBodySchema = z.object({ name: listNameSchema, filter: refusedFilter });
export const listSegmentsQuerySchema = paginationQuerySchema;

export type CreateSegmentBody = z.infer<typeof createSegmentBodySchema>;
export type UpdateSegmentBody = z.infer<typeof updateSegmentBodySchema>;
export type ListSegmentsQuery = z.infer<typeof listSegmentsQuerySchema>;
