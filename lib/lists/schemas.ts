import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { contactEmailSchema, contactPropertiesSchema } from "@/lib/contacts/schemas";

export const LIST_NAME_MAX = 200;

export const listNameSchema = z
  .string({ message: "name must be a string" })
  .trim()
  .min(1, "name is required")
  .max(LIST_NAME_MAX, `name must be at most ${LIST_NAME_MAX} characters`);

const doubleOptInSchema = z.boolean({ message: "doubleOptIn must be true or false" });

export const createListBodySchema = z.object({ name: listNameSchema, doubleOptIn: doubleOptInSchema.optional() });
export const updateListBodySchema = z
  .object({ name: listNameSchema.optional(), doubleOptIn: doubleOptInSchema.optional() })
  .refine((b) => b.name !== undefined || b.doubleOptIn !== undefined, { message: "send a name or doubleOptIn" });

export const listListsQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(LIST_NAME_MAX).optional(),
});

// Either an existing contact by id, or an address (the contact is created when new).
export const addListContactBodySchema = z.union(
  [
    z.object({ contactId: z.string().min(1) }).strict(),
    z
      .object({
        email: contactEmailSchema,
        name: z.string().trim().max(200).nullish(),
        properties: contactPropertiesSchema.optional(),
      })
      .strict(),
  ],
  { message: "send {contactId} or {email, name?, properties?}" },
);

export type CreateListBody = z.infer<typeof createListBodySchema>;
export type UpdateListBody = z.infer<typeof updateListBodySchema>;
export type ListListsQuery = z.infer<typeof listListsQuerySchema>;
export type AddListContactBody = z.infer<typeof addListContactBodySchema>;
