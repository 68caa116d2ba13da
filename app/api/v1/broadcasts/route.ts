import { apiRoute } from "@/lib/api/api-route";
import { createBroadcast } from "@/lib/broadcasts/create-broadcast";
import { listBroadcasts } from "@/lib/broadcasts/list-broadcasts";
import { createBroadcastOp, listBroadcastsOp } from "@/lib/broadcasts/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/broadcasts – create a draft broadcast to a list
export const POST = apiRoute(createBroadcastOp, ({ auth, body }) => createBroadcast({ accountId: auth.accountId, input: body }));

// GET /api/v1/broadcasts – list broadcasts with their stats; ?status= filters
export const GET = apiRoute(listBroadcastsOp, ({ auth, query }) => listBroadcasts({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
