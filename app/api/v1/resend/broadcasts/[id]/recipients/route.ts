import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listSdkBroadcastRecipientsOp } from "@/lib/broadcasts/operations";
import { listSdkBroadcastRecipients } from "@/lib/broadcasts/sdk/sdk-broadcasts";

// GET /api/v1/resend/broadcasts/:id/recipients?type= – broadcasts.recipients
export const GET = apiRoute(listSdkBroadcastRecipientsOp, ({ auth, params, query }) =>
  listSdkBroadcastRecipients({ accountId: auth.accountId, id: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
