import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listBroadcastRecipientsOp } from "@/lib/broadcasts/operations";
import { listBroadcastRecipients } from "@/lib/broadcasts/list-broadcast-recipients";

// GET /api/v1/broadcasts/:id/recipients – each member's email with its status, first open and click
export const GET = apiRoute(listBroadcastRecipientsOp, ({ auth, params, query }) =>
  listBroadcastRecipients({ accountId: auth.accountId, id: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
