import { apiRoute } from "@/lib/api/api-route";
import { getTopLinks } from "@/lib/analytics/get-top-links";
import { getTopLinksOp } from "@/lib/analytics/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/analytics/top-links – most clicked URLs (?limit=&from=&to=&automation_id=&domain=)
export const GET = apiRoute(getTopLinksOp, ({ auth, query }) => getTopLinks({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
