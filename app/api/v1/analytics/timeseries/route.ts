import { apiHandler } from "@/lib/api/handler";
import { timeseriesQuerySchema } from "@/lib/analytics/schemas";
import { getTimeseries } from "@/lib/analytics/get-timeseries";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/analytics/timeseries – zero-filled buckets (?interval=day|hour&from=&to=&automation_id=&domain=)
export const GET = apiHandler({ query: timeseriesQuerySchema }, ({ auth, query }) => getTimeseries({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
