import { apiRoute } from "@/lib/api/api-route";
import { listRequestLogs } from "@/lib/request-logs/list-request-logs";
import { listRequestLogsOp } from "@/lib/request-logs/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/logs – the account's API requests, newest first (?status=&method=&path=&api_key_id=; limit with offset or after/before)
export const GET = apiRoute(listRequestLogsOp, ({ auth, query }) => listRequestLogs({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
