import { apiRoute } from "@/lib/api/api-route";
import { ApiError } from "@/lib/api/errors";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listMyAccounts } from "@/lib/members/list-my-accounts";
import { listMyAccountsOp } from "@/lib/members/operations";

// GET /api/v1/members/accounts – the accounts the signed-in member belongs to
export const GET = apiRoute(listMyAccountsOp, ({ auth }) => {
  if (!auth.userId) throw new ApiError("forbidden", "this needs a dashboard session; an API key belongs to one account");
  return listMyAccounts({ userId: auth.userId, currentAccountId: auth.accountId });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
