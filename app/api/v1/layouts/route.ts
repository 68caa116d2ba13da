import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { createLayout } from "@/lib/layouts/create-layout";
import { listLayouts } from "@/lib/layouts/list-layouts";
import { createLayoutOp, listLayoutsOp } from "@/lib/layouts/operations";

// GET /api/v1/layouts – the account's layouts, the default first
export const GET = apiRoute(listLayoutsOp, ({ auth }) => listLayouts({ accountId: auth.accountId }));

// POST /api/v1/layouts – create a (non-default) layout
export const POST = apiRoute(createLayoutOp, ({ auth, body }) => createLayout({ accountId: auth.accountId, input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
