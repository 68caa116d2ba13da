import { apiHandler } from "@/lib/api/handler";
import { getInboxMessage } from "@/lib/inbox/get-inbox-message";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/inbox/:id – one captured message with its rendered HTML, text and raw source
export const GET = apiHandler({}, ({ auth, params }) => getInboxMessage({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
