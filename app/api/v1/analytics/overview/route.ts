import { apiRoute } from "@/lib/api/api-route";
import { getOverview } from "@/lib/analytics/get-overview";
import { getAnalyticsOverviewOp } from "@/lib/analytics/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/analytics/overview – counts and rates (?from=&to=&automation_id=&domain=)
export const GET = apiRoute(getAnalyticsOverviewOp, ({ auth, query }) => getOverview({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
