import { apiHandler } from "@/lib/api/handler";
import { getCreditBalance } from "@/lib/credits/get-credit-balance";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/account/credits – the credit balance
export const GET = apiHandler({}, ({ auth }) => getCreditBalance({ accountId: auth.accountId }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
