import { apiRoute } from "@/lib/api/api-route";
import { getRequestLog } from "@/lib/request-logs/get-request-log";
import { getRequestLogOp } from "@/lib/request-logs/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/logs/:id – one API request with its redacted request and response bodies
export const GET = apiRoute(getRequestLogOp, ({ auth, params }) => getRequestLog({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
