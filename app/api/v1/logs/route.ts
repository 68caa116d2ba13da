import { apiHandler } from "@/lib/api/handler";
import { listRequestLogs } from "@/lib/request-logs/list-request-logs";
import { listRequestLogsQuerySchema } from "@/lib/request-logs/schemas";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/logs – the account's API requests, newest first (?status=&method=&path=&api_key_id=; limit with offset or after/before)
export const GET = apiHandler({ query: listRequestLogsQuerySchema }, ({ auth, query }) =>
  listRequestLogs({ accountId: auth.accountId, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
