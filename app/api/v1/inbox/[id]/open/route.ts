import { apiRoute } from "@/lib/api/api-route";
import { openInboxMessage } from "@/lib/inbox/open-inbox-message";
import { openInboxMessageOp } from "@/lib/inbox/operations";
import { hitFrom } from "@/lib/tracking/record-tracking-hit";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/inbox/:id/open – open the message as its recipient: its open pixel is loaded through the tracker
export const POST = apiRoute(openInboxMessageOp, ({ auth, params, req }) =>
  openInboxMessage({ accountId: auth.accountId, id: params.id, hit: hitFrom(req) }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
