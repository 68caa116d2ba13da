import { apiHandler } from "@/lib/api/handler";
import { updateAccountBodySchema } from "@/lib/accounts/schemas";
import { getAccount } from "@/lib/accounts/get-account";
import { updateAccount } from "@/lib/accounts/update-account";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/account – account settings
export const GET = apiHandler({}, ({ auth }) => getAccount({ accountId: auth.accountId }));

// PUT /api/v1/account – change name, companyName, defaultFrom, trackOpens, trackClicks
export const PUT = apiHandler({ body: updateAccountBodySchema }, ({ auth, body }) =>
  updateAccount({ accountId: auth.accountId, input: body }),
);

export const { POST, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, PUT });
