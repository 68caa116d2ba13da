import { apiRoute } from "@/lib/api/api-route";
import { getTimeseries } from "@/lib/analytics/get-timeseries";
import { getAnalyticsTimeseriesOp } from "@/lib/analytics/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/analytics/timeseries – zero-filled buckets (?interval=day|hour&from=&to=&automation_id=&domain=)
export const GET = apiRoute(getAnalyticsTimeseriesOp, ({ auth, query }) => getTimeseries({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
