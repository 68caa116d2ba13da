import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { switchAccountOp } from "@/lib/members/operations";
import { switchAccount } from "@/lib/members/switch-account";

// POST /api/v1/members/accounts/switch – show another account the member belongs to
export const POST = apiRoute(switchAccountOp, ({ auth, body }) => switchAccount({ auth, accountId: body.accountId }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
