import { z } from "zod";

export const REQUEST_LOG_RETENTION_DAYS = 14;
export const REQUEST_LOG_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const intParam = (name: string, min: number, max?: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a non-negative integer`)
    .transform(Number)
    .pipe(max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max));

const logId = z.string().regex(/^log_[0-9A-Za-z]{24}$/, "must be a log id (log_…)");

// Pages by offset (the dashboard) or by the cursors Resend's SDK sends: after=<id> for older
// entries than that one, before=<id> for newer ones.
export const listRequestLogsQuerySchema = z
  .object({
    limit: intParam("limit", 1, 100).optional().default(20),
    offset: intParam("offset", 0).optional().default(0),
    after: logId.optional(),
    before: logId.optional(),
    status: z
      .string()
      .regex(/^([1-5]xx|[1-5]\d\d)$/i, "status must be a code (404) or a class (2xx, 4xx, 5xx)")
      .transform((v) => v.toLowerCase())
      .optional(),
    method: z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(REQUEST_LOG_METHODS, { message: `method must be one of ${REQUEST_LOG_METHODS.join(", ")}` }))
      .optional(),
    path: z.string().max(200).optional().meta({ description: "Part of the path, e.g. /emails" }),
    api_key_id: z.string().max(64).optional(),
  })
  .refine((q) => !(q.after && q.before), { message: "send after or before, not both", path: ["before"] })
  .refine((q) => !(q.offset && (q.after || q.before)), { message: "page with offset or with a cursor, not both", path: ["offset"] });

export type ListRequestLogsQuery = z.infer<typeof listRequestLogsQuerySchema>;
