import { apiRoute } from "@/lib/api/api-route";
import { resendConfirmationOp } from "@/lib/accounts/operations";
import { resendConfirmationEmail } from "@/lib/accounts/resend-confirmation-email";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/account/confirmation – email the sign-up confirmation link again
export const POST = apiRoute(resendConfirmationOp, ({ auth }) => resendConfirmationEmail({ accountId: auth.accountId }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
