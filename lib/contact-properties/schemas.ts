import { z } from "zod";
import { ContactPropertyType } from "@/lib/generated/prisma/enums";
import { propertyNameSchema } from "@/lib/contacts/schemas";
import { propertyValueProblem } from "./property-types";

// Declared contact properties: a key, its type and a fallback value used where a contact has none.
export const CONTACT_PROPERTY_DEFINITIONS_MAX = 100;

const typeSchema = z.enum(ContactPropertyType, { message: 'type is "string", "number", "boolean" or "date"' });
const fallbackSchema = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()], {
  message: "fallback values are strings, numbers, booleans or null",
});

// The resend SDK sends fallback_value; fallbackValue is accepted too.
export const createContactPropertyBodySchema = z
  .object({
    key: propertyNameSchema,
    type: typeSchema,
    fallback_value: fallbackSchema.optional(),
    fallbackValue: fallbackSchema.optional(),
  })
  .transform(({ fallback_value, fallbackValue, ...rest }) => ({ ...rest, fallbackValue: fallbackValue ?? fallback_value ?? null }))
  .superRefine((body, ctx) => {
    const problem = body.fallbackValue === null ? null : propertyValueProblem(body.type, body.fallbackValue);
    if (problem) ctx.addIssue({ code: "custom", path: ["fallback_value"], message: `the fallback of a ${body.type} property ${problem}` });
  });

// The type and key cannot change: stored values were checked against them.
export const updateContactPropertyBodySchema = z
  .object({ fallback_value: fallbackSchema.optional(), fallbackValue: fallbackSchema.optional() })
  .transform((b) => ({ fallbackValue: b.fallbackValue !== undefined ? b.fallbackValue : b.fallback_value }))
  .refine((b) => b.fallbackValue !== undefined, { message: "send fallback_value (null clears it)" });

export type CreateContactPropertyBody = z.infer<typeof createContactPropertyBodySchema>;
export type UpdateContactPropertyBody = z.infer<typeof updateContactPropertyBodySchema>;
