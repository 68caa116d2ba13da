import { apiRoute } from "@/lib/api/api-route";
import { createTopic } from "@/lib/topics/create-topic";
import { listTopics } from "@/lib/topics/list-topics";
import { createTopicOp, listTopicsOp } from "@/lib/topics/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/topics – create a topic {name, description?, defaultSubscription}
export const POST = apiRoute(createTopicOp, ({ auth, body }) => createTopic({ accountId: auth.accountId, input: body }));

// GET /api/v1/topics – every topic of the account, oldest first
export const GET = apiRoute(listTopicsOp, ({ auth }) => listTopics({ accountId: auth.accountId }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
