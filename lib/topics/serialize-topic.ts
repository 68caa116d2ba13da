import type { Topic } from "@/lib/generated/prisma/client";

// Topics answer in the resend SDK's field names (its Topic type).
export function serializeTopic(topic: Topic) {
  return {
    object: "topic" as const,
    id: topic.id,
    name: topic.name,
    description: topic.description,
    default_subscription: topic.defaultSubscription,
    created_at: topic.createdAt.toISOString(),
  };
}

export type TopicResponse = ReturnType<typeof serializeTopic>;
