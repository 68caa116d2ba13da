import { z } from "zod";
import { ContactPropertyType } from "@/lib/generated/prisma/enums";
import { idOf, timestamp } from "@/lib/openapi/common";

export const contactPropertyResponseSchema = z
  .object({
    object: z.literal("contact_property"),
    id: idOf("cpr"),
    key: z.string(),
    type: z.enum(ContactPropertyType),
    fallback_value: z.union([z.string(), z.number(), z.boolean()]).nullable().meta({ description: "Used where a contact has no value." }),
    created_at: timestamp,
  })
  .meta({ id: "ContactPropertyDefinition" });

export const listContactPropertiesResponseSchema = z.object({
  object: z.literal("list"),
  data: z.array(contactPropertyResponseSchema),
  has_more: z.boolean(),
});

export const deleteContactPropertyResponseSchema = z.object({
  object: z.literal("contact_property"),
  id: idOf("cpr"),
  deleted: z.literal(true),
});
