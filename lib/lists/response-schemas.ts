import { z } from "zod";
import { contactResponseSchema } from "@/lib/contacts/response-schemas";
import { deletedSchema, idOf, listOf, timestamp } from "@/lib/openapi/common";

export const listResponseSchema = z
  .object({
    id: idOf("lst"),
    name: z.string(),
    contactCount: z.number().int().meta({ description: "Members (confirmed members, for a double opt-in list)." }),
    doubleOptIn: z.boolean().meta({ description: "Joining sends a confirmation email; the joiner is a member once confirmed." }),
    createdAt: timestamp,
  })
  .meta({ id: "List" });

export const listListsResponseSchema = listOf(listResponseSchema);

export const addListContactResponseSchema = z.object({
  added: z.boolean().meta({ description: "false when the contact was already a member, or is pending (status 200)." }),
  pending: z
    .boolean()
    .optional()
    .meta({ description: "A double opt-in list: a confirmation email was sent; the contact joins when they follow its link." }),
  contact: contactResponseSchema,
});

export const removeListContactResponseSchema = z.object({ listId: idOf("lst"), contactId: idOf("con"), removed: z.literal(true) });

export const deleteListResponseSchema = deletedSchema("lst");
