import { z } from "zod";
import { TopicSubscription } from "@/lib/generated/prisma/enums";
import { idOf, timestamp } from "@/lib/openapi/common";

export const topicResponseSchema = z
  .object({
    object: z.literal("topic"),
    id: idOf("top"),
    name: z.string(),
    description: z.string().nullable(),
    default_subscription: z.enum(TopicSubscription).meta({ description: "What a contact who never chose receives." }),
    created_at: timestamp,
  })
  .meta({ id: "Topic" });

export const listTopicsResponseSchema = z.object({ object: z.literal("list"), data: z.array(topicResponseSchema), has_more: z.boolean() });

export const deleteTopicResponseSchema = z.object({ object: z.literal("topic"), id: idOf("top"), deleted: z.literal(true) });

export const contactTopicResponseSchema = z
  .object({
    id: idOf("top"),
    name: z.string(),
    description: z.string().nullable(),
    subscription: z.enum(TopicSubscription).meta({ description: "The contact's choice, else the topic's default." }),
  })
  .meta({ id: "ContactTopic" });

export const listContactTopicsResponseSchema = z.object({
  object: z.literal("list"),
  data: z.array(contactTopicResponseSchema),
  has_more: z.boolean(),
});

export const updateContactTopicsResponseSchema = z.object({ id: idOf("con"), data: z.array(contactTopicResponseSchema) });
