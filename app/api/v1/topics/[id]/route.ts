import { apiRoute } from "@/lib/api/api-route";
import { getTopicOrThrow } from "@/lib/topics/get-topic-or-throw";
import { serializeTopic } from "@/lib/topics/serialize-topic";
import { updateTopic } from "@/lib/topics/update-topic";
import { deleteTopic } from "@/lib/topics/delete-topic";
import { deleteTopicOp, getTopicOp, updateTopicOp } from "@/lib/topics/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/topics/:id – one topic
export const GET = apiRoute(getTopicOp, async ({ auth, params }) =>
  serializeTopic(await getTopicOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PATCH /api/v1/topics/:id – rename it or change its description
export const PATCH = apiRoute(updateTopicOp, ({ auth, params, body }) =>
  updateTopic({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/topics/:id – delete a topic and the contacts' choices of it
export const DELETE = apiRoute(deleteTopicOp, ({ auth, params }) => deleteTopic({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
