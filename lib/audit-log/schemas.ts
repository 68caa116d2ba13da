import { z } from "zod";

/** Audit entries are kept this long (the maintenance purge deletes older ones). */
export const AUDIT_LOG_RETENTION_DAYS = 365;

const intParam = (name: string, min: number, max?: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a non-negative integer`)
    .transform(Number)
    .pipe(max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max));

const entryId = z.string().regex(/^aud_[0-9A-Za-z]{24}$/, "must be an audit entry id (aud_…)");
const time = z.iso.datetime({ offset: true, message: "must be an ISO 8601 time" }).transform((v) => new Date(v));

// Pages by offset (the dashboard) or by cursor: after=<id> for older entries than that one,
// before=<id> for newer ones, as the request log does.
export const listAuditLogQuerySchema = z
  .object({
    limit: intParam("limit", 1, 100).optional().default(20),
    offset: intParam("offset", 0).optional().default(0),
    after: entryId.optional(),
    before: entryId.optional(),
    actor: z.string().max(200).optional().meta({ description: "A member's user id or email, or an API key id" }),
    action: z.string().max(100).optional().meta({ description: "An action (api_key.created) or its resource (api_key)" }),
    target: z.string().max(100).optional().meta({ description: "The target's id" }),
    from: time.optional().meta({ description: "Entries at or after this time" }),
    to: time.optional().meta({ description: "Entries before this time" }),
  })
  .refine((q) => !(q.after && q.before), { message: "send after or before, not both", path: ["before"] })
  .refine((q) => !(q.offset && (q.after || q.before)), { message: "page with offset or with a cursor, not both", path: ["offset"] });

export type ListAuditLogQuery = z.infer<typeof listAuditLogQuerySchema>;
