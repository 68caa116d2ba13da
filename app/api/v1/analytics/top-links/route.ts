import { apiHandler } from "@/lib/api/handler";
import { topLinksQuerySchema } from "@/lib/analytics/schemas";
import { getTopLinks } from "@/lib/analytics/get-top-links";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/analytics/top-links – most clicked URLs (?limit=&from=&to=&automation_id=&domain=)
export const GET = apiHandler({ query: topLinksQuerySchema }, ({ auth, query }) => getTopLinks({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
