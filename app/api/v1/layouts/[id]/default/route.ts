import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { setDefaultLayoutOp } from "@/lib/layouts/operations";
import { setDefaultLayout } from "@/lib/layouts/set-default-layout";

// POST /api/v1/layouts/:id/default – make the layout the account's default
export const POST = apiRoute(setDefaultLayoutOp, ({ auth, params }) => setDefaultLayout({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
