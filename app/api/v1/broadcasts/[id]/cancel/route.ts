import { apiHandler } from "@/lib/api/handler";
import { cancelBroadcast } from "@/lib/broadcasts/cancel-broadcast";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/broadcasts/:id/cancel – stop a scheduled broadcast
export const POST = apiHandler({}, ({ auth, params }) => cancelBroadcast({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
