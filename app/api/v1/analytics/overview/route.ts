import { apiHandler } from "@/lib/api/handler";
import { analyticsQuerySchema } from "@/lib/analytics/schemas";
import { getOverview } from "@/lib/analytics/get-overview";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/analytics/overview – counts and rates (?from=&to=&automation_id=&domain=)
export const GET = apiHandler({ query: analyticsQuerySchema }, ({ auth, query }) => getOverview({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
