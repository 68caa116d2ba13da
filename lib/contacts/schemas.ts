import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { TOPICS_MAX, topicSubscriptionSchema } from "@/lib/topics/schemas";

// Contacts: email unique per account, properties {key: string | number | boolean}.
export const CONTACT_PROPERTIES_MAX = 100;
export const PROPERTY_VALUE_MAX = 2000;

const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export const contactEmailSchema = z
  .string({ message: "email must be a string" })
  .trim()
  .toLowerCase()
  .max(320, "email must be at most 320 characters")
  .pipe(z.email("email must be an address like a@example.com"));

export const propertyNameSchema = z
  .string()
  .max(100, "property names are at most 100 characters")
  .regex(PROPERTY_NAME, "property names start with a letter or _ and use letters, digits, _ and -");

export const propertyValueSchema = z.union(
  [z.string().max(PROPERTY_VALUE_MAX, `property values are at most ${PROPERTY_VALUE_MAX} characters`), z.number().finite(), z.boolean()],
  { message: "property values are strings, numbers or booleans" },
);

export type PropertyValue = z.infer<typeof propertyValueSchema>;
export type ContactProperties = Record<string, PropertyValue>;

const record = <T extends z.ZodType>(value: T) =>
  z
    .record(propertyNameSchema, value, { message: "properties must be an object of names to values" })
    .refine((p) => Object.keys(p).length <= CONTACT_PROPERTIES_MAX, `at most ${CONTACT_PROPERTIES_MAX} properties`);

export const contactPropertiesSchema = record(propertyValueSchema);
// PATCH: a null value removes the property.
export const contactPropertiesPatchSchema = record(z.union([propertyValueSchema, z.null()]));

const nameSchema = z.string({ message: "name must be a string" }).trim().max(200, "name must be at most 200 characters");

// Resend's contact fields, accepted beside ours (its SDK sends first_name, last_name and
// unsubscribed): the name parts are joined into `name`, `unsubscribed` is `subscribed` negated.
const partSchema = z.string({ message: "name parts must be strings" }).trim().max(100, "name parts are at most 100 characters").nullish();
const resendFields = {
  first_name: partSchema,
  last_name: partSchema,
  firstName: partSchema,
  lastName: partSchema,
  unsubscribed: z.boolean({ message: "unsubscribed must be a boolean" }).optional(),
};
type ResendFields = { [K in keyof typeof resendFields]?: z.infer<(typeof resendFields)[K]> };
type OwnFields = { name?: string | null; subscribed?: boolean };

// On create, the resend SDK's `segments` (lists to join) and `topics` (choices to store).
export const CONTACT_SEGMENTS_MAX = 20;
const createOnlyFields = {
  segments: z
    .array(z.object({ id: z.string({ message: "segments need an id" }).min(1).max(100) }), {
      message: "segments must be a list of {id}",
    })
    .max(CONTACT_SEGMENTS_MAX, `at most ${CONTACT_SEGMENTS_MAX} segments`)
    .optional(),
  topics: z
    .array(z.object({ id: z.string({ message: "topics need an id" }).min(1).max(100), subscription: topicSubscriptionSchema }), {
      message: "topics must be a list of {id, subscription}",
    })
    .max(TOPICS_MAX, `at most ${TOPICS_MAX} topics`)
    .optional(),
};
// On update they are refused rather than dropped: their own routes change them.
const updateRefusedFields = { segments: z.unknown().optional(), topics: z.unknown().optional() };

function refuseUpdateOnlyRoutes(body: { segments?: unknown; topics?: unknown }, ctx: z.RefinementCtx) {
  const routes = { segments: "POST /contacts/:id/segments/:segmentId", topics: "PATCH /contacts/:id/topics" } as const;
  for (const field of ["segments", "topics"] as const) {
    if (body[field] !== undefined)
      ctx.addIssue({ code: "custom", path: [field], message: `${field} are not changed here; use ${routes[field]}` });
  }
}

function checkResendFields(body: ResendFields & OwnFields, ctx: z.RefinementCtx) {
  const parts = [body.first_name, body.last_name, body.firstName, body.lastName];
  if (body.name !== undefined && parts.some((p) => p !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["name"], message: "send name or first/last name, not both" });
  }
  if (body.subscribed !== undefined && body.unsubscribed !== undefined && body.subscribed === body.unsubscribed) {
    ctx.addIssue({ code: "custom", path: ["unsubscribed"], message: "subscribed and unsubscribed disagree" });
  }
}

/** Our fields from Resend's: name from the parts given (null when they are all empty). */
function toOwnFields<T extends ResendFields & OwnFields>(body: T): Omit<T, keyof ResendFields> & OwnFields {
  const { first_name, last_name, firstName, lastName, unsubscribed, ...own } = body;
  const first = first_name ?? firstName;
  const last = last_name ?? lastName;
  const name = first === undefined && last === undefined ? own.name : [first, last].filter(Boolean).join(" ") || null;
  const subscribed = own.subscribed ?? (unsubscribed === undefined ? undefined : !unsubscribed);
  return { ...own, ...(name !== undefined ? { name } : {}), ...(subscribed !== undefined ? { subscribed } : {}) };
}

export const createContactBodySchema = z
  .object({
    email: contactEmailSchema,
    name: nameSchema.nullish(),
    properties: contactPropertiesSchema.optional(),
    subscribed: z.boolean({ message: "subscribed must be a boolean" }).optional(),
    ...resendFields,
    ...createOnlyFields,
  })
  .superRefine(checkResendFields)
  .transform(toOwnFields);

export const updateContactBodySchema = z
  .object({
    email: contactEmailSchema.optional(),
    name: nameSchema.nullish(),
    properties: contactPropertiesPatchSchema.optional(),
    subscribed: z.boolean({ message: "subscribed must be a boolean" }).optional(),
    ...resendFields,
    ...updateRefusedFields,
  })
  .superRefine(checkResendFields)
  .superRefine(refuseUpdateOnlyRoutes)
  .transform(({ segments: _s, topics: _t, ...rest }) => toOwnFields(rest))
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: "send at least one of email, name, properties, subscribed",
  });

export const listContactsQuerySchema = paginationQuerySchema.extend({
  email: z.string().trim().toLowerCase().max(320).optional(),
  list: z.string().trim().max(200).optional(),
});

export type CreateContactBody = z.infer<typeof createContactBodySchema>;
export type UpdateContactBody = z.infer<typeof updateContactBodySchema>;
export type ListContactsQuery = z.infer<typeof listContactsQuerySchema>;
