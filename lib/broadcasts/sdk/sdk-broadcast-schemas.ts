import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { addressSchema } from "@/lib/emails/addresses";
import { BROADCAST_NAME_MAX, createBroadcastBodySchema, updateBroadcastBodySchema } from "../schemas";

// The resend SDK's broadcast bodies (snake_case: segment_id, topic_id, scheduled_at), read into
// the spec's broadcast fields. audience_id is the SDK's older name of segment_id. The SDK sends
// reply_to and preview_text too; a broadcast has neither, so a value there is a 400, not dropped.

const id = (name: string) =>
  z
    .string({ message: `${name} must be a string` })
    .min(1, `${name} is required`)
    .max(100);

const unsupported = (name: string) =>
  z
    .unknown()
    .refine((v) => v === undefined || v === null || (Array.isArray(v) && v.length === 0), `${name} is not supported on broadcasts`)
    .optional();

const shared = {
  name: z.string({ message: "name must be a string" }).trim().min(1).max(BROADCAST_NAME_MAX).optional(),
  segment_id: id("segment_id").optional(),
  audience_id: id("audience_id").optional(),
  from: addressSchema,
  subject: z.string({ message: "subject must be a string" }).optional(),
  html: z.string({ message: "html must be a string" }).optional(),
  text: z.string({ message: "text must be a string" }).optional(),
  topic_id: id("topic_id").nullish(),
  reply_to: unsupported("reply_to"),
  preview_text: unsupported("preview_text"),
};

const scheduledAt = z.iso.datetime({ offset: true, message: "scheduled_at must be an ISO 8601 date-time" });

export const createSdkBroadcastBodySchema = z
  .object({ ...shared, send: z.boolean({ message: "send must be true or false" }).optional(), scheduled_at: scheduledAt.optional() })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.segment_id && !body.audience_id) ctx.addIssue({ code: "custom", path: ["segment_id"], message: "segment_id is required" });
    if (body.scheduled_at && !body.send)
      ctx.addIssue({ code: "custom", path: ["scheduled_at"], message: "scheduled_at needs send: true (or send it later)" });
    // The spec's own rules for the content (a subject, html or text) and their limits.
    const spec = createBroadcastBodySchema.safeParse(createFields(body));
    if (!spec.success) for (const issue of spec.error.issues) ctx.addIssue({ ...issue, code: "custom", path: specPath(issue.path) });
  });

export const updateSdkBroadcastBodySchema = z
  .object({ ...shared, from: shared.from.optional() })
  .strict()
  .superRefine((body, ctx) => {
    const spec = updateBroadcastBodySchema.safeParse(toSpecFields(body));
    if (!spec.success) for (const issue of spec.error.issues) ctx.addIssue({ ...issue, code: "custom", path: specPath(issue.path) });
  });

export const sendSdkBroadcastBodySchema = z.object({ scheduled_at: scheduledAt.optional() }).strict();

export const listSdkBroadcastsQuerySchema = paginationQuerySchema;

export const RECIPIENT_EVENT_TYPES = [
  "sent",
  "delivered",
  "opened",
  "clicked",
  "bounced",
  "complained",
  "unsubscribed",
  "suppressed",
] as const;
export const BOUNCE_TYPES = ["permanent", "transient", "undetermined"] as const;

export const listSdkBroadcastRecipientsQuerySchema = paginationQuerySchema.extend({
  type: z.enum(RECIPIENT_EVENT_TYPES, { message: `type must be one of ${RECIPIENT_EVENT_TYPES.join(", ")}` }),
  email: z.string().max(320).optional(),
  bounce_type: z.enum(BOUNCE_TYPES, { message: `bounce_type must be one of ${BOUNCE_TYPES.join(", ")}` }).optional(),
});

export const listSdkClickedLinksQuerySchema = paginationQuerySchema;

type SharedBody = { [K in keyof typeof shared]?: z.infer<(typeof shared)[K]> };

/** The spec's field names for an SDK body's fields (absent stays absent). */
export function toSpecFields(body: SharedBody) {
  const fields: Record<string, unknown> = {
    name: body.name,
    from: body.from,
    subject: body.subject,
    html: body.html,
    text: body.text,
    listId: body.segment_id ?? body.audience_id,
    topicId: body.topic_id,
  };
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields;
}

/** A new broadcast's spec fields: without a name, its subject names it, else "Untitled broadcast". */
export function createFields(body: SharedBody) {
  const name = body.name ?? (body.subject?.trim() ? body.subject.trim().slice(0, BROADCAST_NAME_MAX) : "Untitled broadcast");
  return { ...toSpecFields(body), name };
}

const SDK_NAMES: Record<string, string> = { listId: "segment_id", topicId: "topic_id", scheduledAt: "scheduled_at" };
const specPath = (path: PropertyKey[]) => path.map((p) => (typeof p === "string" ? (SDK_NAMES[p] ?? p) : p));

/** A spec field's name as the SDK's body calls it (listId: segment_id). */
export const sdkFieldName = (name: string) => SDK_NAMES[name] ?? name;

export type CreateSdkBroadcastBody = z.infer<typeof createSdkBroadcastBodySchema>;
export type UpdateSdkBroadcastBody = z.infer<typeof updateSdkBroadcastBodySchema>;
export type ListSdkBroadcastRecipientsQuery = z.infer<typeof listSdkBroadcastRecipientsQuerySchema>;
