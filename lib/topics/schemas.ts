import { z } from "zod";
import { TopicSubscription } from "@/lib/generated/prisma/enums";

// Topics: what a contact may choose to receive, each with a default for contacts who never chose.
export const TOPICS_MAX = 50;
export const TOPIC_NAME_MAX = 100;
export const TOPIC_DESCRIPTION_MAX = 500;

export const topicSubscriptionSchema = z.enum(TopicSubscription, { message: 'subscription is "opt_in" or "opt_out"' });

const nameSchema = z
  .string({ message: "name must be a string" })
  .trim()
  .min(1, "name is required")
  .max(TOPIC_NAME_MAX, `name must be at most ${TOPIC_NAME_MAX} characters`);
const descriptionSchema = z
  .string({ message: "description must be a string" })
  .trim()
  .max(TOPIC_DESCRIPTION_MAX, `description must be at most ${TOPIC_DESCRIPTION_MAX} characters`)
  .nullish();

// The resend SDK sends default_subscription; our own clients may send defaultSubscription.
export const createTopicBodySchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    defaultSubscription: topicSubscriptionSchema.optional(),
    default_subscription: topicSubscriptionSchema.optional(),
  })
  .transform(({ default_subscription, defaultSubscription, ...rest }, ctx) => {
    const chosen = defaultSubscription ?? default_subscription;
    if (!chosen) {
      ctx.addIssue({ code: "custom", path: ["defaultSubscription"], message: 'defaultSubscription is required: "opt_in" or "opt_out"' });
      return z.NEVER;
    }
    return { ...rest, defaultSubscription: chosen };
  });

// The default subscription cannot change once contacts rely on it: a contact who never chose
// would flip silently.
export const updateTopicBodySchema = z
  .object({ name: nameSchema.optional(), description: descriptionSchema })
  .refine((b) => b.name !== undefined || b.description !== undefined, { message: "send name or description" });

const contactTopicChoiceSchema = z.object({ id: z.string().min(1, "id is required").max(100), subscription: topicSubscriptionSchema });
const choicesSchema = z.array(contactTopicChoiceSchema).max(TOPICS_MAX, `at most ${TOPICS_MAX} topics`);

// The resend SDK sends the array itself as the PATCH body; {topics: [...]} is accepted too.
export const updateContactTopicsBodySchema = z
  .union([choicesSchema, z.object({ topics: choicesSchema }).strict()], {
    message: 'send [{id, subscription: "opt_in" | "opt_out"}]',
  })
  .transform((b) => (Array.isArray(b) ? b : b.topics));

export type CreateTopicBody = z.infer<typeof createTopicBodySchema>;
export type UpdateTopicBody = z.infer<typeof updateTopicBodySchema>;
export type ContactTopicChoice = z.infer<typeof contactTopicChoiceSchema>;
