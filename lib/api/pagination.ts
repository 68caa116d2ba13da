import { z } from "zod";

// limit default 20, max 100; offset >= 0; anything else is a 400.
const intParam = (name: string, min: number, max?: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a non-negative integer`)
    .transform(Number)
    .pipe(max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max));

// Resend's cursors (its SDK's list calls send after/before): refused rather than ignored, so a
// client paging by cursor gets a 400 instead of the first page again and again.
const cursorParam = z
  .string()
  .refine(() => false, "cursor pagination (after, before) is not supported: page with limit and offset")
  .optional();

export const paginationQuerySchema = z.object({
  limit: intParam("limit", 1, 100).optional().default(20),
  offset: intParam("offset", 0).optional().default(0),
  after: cursorParam,
  before: cursorParam,
});

export type Pagination = z.infer<typeof paginationQuerySchema>;

export interface ListEnvelope<T> {
  data: T[];
  pagination: { limit: number; offset: number; total: number; hasMore: boolean };
}

export function paginated<T>(data: T[], total: number, page: Pagination): ListEnvelope<T> {
  return {
    data,
    pagination: { limit: page.limit, offset: page.offset, total, hasMore: page.offset + data.length < total },
  };
}
