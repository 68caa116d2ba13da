import { apiHandler } from "@/lib/api/handler";
import { openInboxMessage } from "@/lib/inbox/open-inbox-message";
import { hitFrom } from "@/lib/tracking/record-tracking-hit";

// POST /api/v1/inbox/:id/open – open the message as its recipient: its open pixel is loaded through the tracker
export const POST = apiHandler({}, ({ auth, params, req }) =>
  openInboxMessage({ accountId: auth.accountId, id: params.id, hit: hitFrom(req) }),
);
