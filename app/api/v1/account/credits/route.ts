import { apiHandler } from "@/lib/api/handler";
import { getCreditBalance } from "@/lib/credits/get-credit-balance";

// GET /api/v1/account/credits – the credit balance
export const GET = apiHandler({}, ({ auth }) => getCreditBalance({ accountId: auth.accountId }));
