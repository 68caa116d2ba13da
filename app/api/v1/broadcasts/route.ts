import { apiHandler, created } from "@/lib/api/handler";
import { BROADCAST_REQUEST_MAX_BYTES, createBroadcastBodySchema, listBroadcastsQuerySchema } from "@/lib/broadcasts/schemas";
import { createBroadcast } from "@/lib/broadcasts/create-broadcast";
import { listBroadcasts } from "@/lib/broadcasts/list-broadcasts";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/broadcasts – create a draft broadcast to a list
export const POST = apiHandler({ body: createBroadcastBodySchema, maxBodyBytes: BROADCAST_REQUEST_MAX_BYTES }, async ({ auth, body }) =>
  created(await createBroadcast({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/broadcasts – list broadcasts with their stats; ?status= filters
export const GET = apiHandler({ query: listBroadcastsQuerySchema }, ({ auth, query }) =>
  listBroadcasts({ accountId: auth.accountId, query }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
