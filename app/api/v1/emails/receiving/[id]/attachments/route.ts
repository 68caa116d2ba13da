import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { downloadOrigin } from "@/lib/receiving/download-origin";
import { listReceivedAttachments } from "@/lib/receiving/list-received-attachments";
import { listReceivedAttachmentsOp } from "@/lib/receiving/operations";

// GET /api/v1/emails/receiving/:id/attachments – a received message's attachments with download links
export const GET = apiRoute(listReceivedAttachmentsOp, ({ auth, params, req }) =>
  listReceivedAttachments({ accountId: auth.accountId, id: params.id, origin: downloadOrigin(req) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
