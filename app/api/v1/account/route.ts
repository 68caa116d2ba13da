import { apiRoute } from "@/lib/api/api-route";
import { getAccount } from "@/lib/accounts/get-account";
import { getAccountOp, updateAccountOp } from "@/lib/accounts/operations";
import { updateAccount } from "@/lib/accounts/update-account";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/account – account settings
export const GET = apiRoute(getAccountOp, ({ auth }) => getAccount({ accountId: auth.accountId }));

// PUT /api/v1/account – change name, companyName, defaultFrom, trackOpens, trackClicks, timezone, frequencyCap
export const PUT = apiRoute(updateAccountOp, ({ auth, body }) => updateAccount({ accountId: auth.accountId, input: body }));

export const { POST, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, PUT });
