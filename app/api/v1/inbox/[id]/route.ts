import { apiRoute } from "@/lib/api/api-route";
import { getInboxMessage } from "@/lib/inbox/get-inbox-message";
import { getInboxMessageOp } from "@/lib/inbox/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/inbox/:id – one captured message with its rendered HTML, text and raw source
export const GET = apiRoute(getInboxMessageOp, ({ auth, params }) => getInboxMessage({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
