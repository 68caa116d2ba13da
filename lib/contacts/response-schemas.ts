import { z } from "zod";
import { ContactImportStatus } from "@/lib/generated/prisma/enums";
import { idOf, listOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";

export const contactResponseSchema = z
  .object({
    id: idOf("con"),
    email: z.string().meta({ example: "ann@example.com" }),
    name: z.string().nullable(),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).meta({ example: { plan: "pro", seats: 3 } }),
    subscribed: z.boolean(),
    lists: z.array(z.string()).meta({ description: "Names of the lists the contact is in, sorted." }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Contact" });

export const listContactsResponseSchema = listOf(contactResponseSchema);

export const contactImportResponseSchema = z
  .object({
    id: idOf("imp"),
    status: z.enum(ContactImportStatus),
    listId: idOf("lst").nullable(),
    updateExisting: z.boolean().meta({ description: "false: existing contacts were left as they were (only added to the list)." }),
    total: z.number().int(),
    processed: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    unchanged: z.number().int().meta({ description: "Existing contacts left alone (updateExisting false)." }),
    errors: z.array(z.object({ row: z.number().int(), message: z.string() })).meta({ description: "The first 100 row errors." }),
    error: z.string().nullable(),
    createdAt: timestamp,
    finishedAt: nullableTimestamp,
  })
  .meta({ id: "ContactImport" });

export const contactPropertyKeysResponseSchema = z.object({
  data: z.array(
    z.object({
      key: z.string(),
      contacts: z.number().int().meta({ description: "How many of the newest 5000 contacts have it." }),
    }),
  ),
});
