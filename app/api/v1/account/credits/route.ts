import { apiRoute } from "@/lib/api/api-route";
import { getCreditBalance } from "@/lib/credits/get-credit-balance";
import { getCreditBalanceOp } from "@/lib/credits/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/account/credits – the credit balance
export const GET = apiRoute(getCreditBalanceOp, ({ auth }) => getCreditBalance({ accountId: auth.accountId }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
