import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { downloadOrigin } from "@/lib/receiving/download-origin";
import { getReceivedAttachment } from "@/lib/receiving/list-received-attachments";
import { getReceivedAttachmentOp } from "@/lib/receiving/operations";

// GET /api/v1/emails/receiving/:id/attachments/:attachmentId – one attachment with its download link
export const GET = apiRoute(getReceivedAttachmentOp, ({ auth, params, req }) =>
  getReceivedAttachment({ accountId: auth.accountId, id: params.id, attachmentId: params.attachmentId, origin: downloadOrigin(req) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
