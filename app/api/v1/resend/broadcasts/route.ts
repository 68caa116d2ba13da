import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { createSdkBroadcastOp, listSdkBroadcastsOp } from "@/lib/broadcasts/operations";
import { createSdkBroadcast, listSdkBroadcasts } from "@/lib/broadcasts/sdk/sdk-broadcasts";

// The `resend` SDK's broadcasts (an SDK client's base URL is /api/v1/resend).

// POST /api/v1/resend/broadcasts – broadcasts.create: a draft, or sent with send: true
export const POST = apiRoute(createSdkBroadcastOp, ({ auth, body }) => createSdkBroadcast({ accountId: auth.accountId, input: body }));

// GET /api/v1/resend/broadcasts – broadcasts.list, newest first
export const GET = apiRoute(listSdkBroadcastsOp, ({ auth, query }) => listSdkBroadcasts({ accountId: auth.accountId, page: query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
