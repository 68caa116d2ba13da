import { apiHandler, created } from "@/lib/api/handler";
import { clientAddress } from "@/lib/api/client-address";
import { signUpBodySchema } from "@/lib/accounts/schemas";
import { signUp } from "@/lib/accounts/sign-up";

// POST /api/signup – create an account and its first user (the dashboard then signs in)
export const POST = apiHandler({ public: true, body: signUpBodySchema }, async ({ req, body }) => {
  const { account, user, confirmationRequired } = await signUp({ input: body, clientAddress: clientAddress(req) });
  return created({ accountId: account.id, userId: user.id, email: user.email, emailConfirmationRequired: confirmationRequired });
});
