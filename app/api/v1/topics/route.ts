import { apiHandler, created } from "@/lib/api/handler";
import { createTopicBodySchema } from "@/lib/topics/schemas";
import { createTopic } from "@/lib/topics/create-topic";
import { listTopics } from "@/lib/topics/list-topics";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/topics – create a topic {name, description?, defaultSubscription}
export const POST = apiHandler({ body: createTopicBodySchema }, async ({ auth, body }) =>
  created(await createTopic({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/topics – every topic of the account, oldest first
export const GET = apiHandler({}, ({ auth }) => listTopics({ accountId: auth.accountId }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
