import { apiHandler, created } from "@/lib/api/handler";
import { signUpBodySchema } from "@/lib/accounts/schemas";
import { createAccount } from "@/lib/accounts/create-account";

// POST /api/signup – create an account and its first user (the dashboard then signs in)
export const POST = apiHandler({ public: true, body: signUpBodySchema }, async ({ body }) => {
  const { account, user } = await createAccount(body);
  return created({ accountId: account.id, userId: user.id, email: user.email });
});
