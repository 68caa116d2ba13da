import { z } from "zod";
import { contactResponseSchema } from "@/lib/contacts/response-schemas";
import { deletedSchema, idOf, listOf, timestamp } from "@/lib/openapi/common";

export const listResponseSchema = z
  .object({ id: idOf("lst"), name: z.string(), contactCount: z.number().int(), createdAt: timestamp })
  .meta({ id: "List" });

export const listListsResponseSchema = listOf(listResponseSchema);

export const addListContactResponseSchema = z.object({
  added: z.boolean().meta({ description: "false when the contact was already a member (status 200)." }),
  contact: contactResponseSchema,
});

export const removeListContactResponseSchema = z.object({ listId: idOf("lst"), contactId: idOf("con"), removed: z.literal(true) });

export const deleteListResponseSchema = deletedSchema("lst");
