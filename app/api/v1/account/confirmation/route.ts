import { apiHandler } from "@/lib/api/handler";
import { resendConfirmationEmail } from "@/lib/accounts/resend-confirmation-email";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/account/confirmation – email the sign-up confirmation link again
export const POST = apiHandler({}, ({ auth }) => resendConfirmationEmail({ accountId: auth.accountId }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
