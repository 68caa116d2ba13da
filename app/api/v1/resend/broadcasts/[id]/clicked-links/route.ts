import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listSdkBroadcastClickedLinksOp } from "@/lib/broadcasts/operations";
import { listSdkBroadcastClickedLinks } from "@/lib/broadcasts/sdk/sdk-broadcasts";

// GET /api/v1/resend/broadcasts/:id/clicked-links – broadcasts.clickedLinks
export const GET = apiRoute(listSdkBroadcastClickedLinksOp, ({ auth, params, query }) =>
  listSdkBroadcastClickedLinks({ accountId: auth.accountId, id: params.id, page: query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
