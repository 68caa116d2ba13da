import { apiHandler } from "@/lib/api/handler";
import { changePasswordBodySchema } from "@/lib/accounts/schemas";
import { changePassword } from "@/lib/accounts/change-password";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/account/password – change the password (dashboard session only; 403 for an API key); every other session ends
export const POST = apiHandler({ body: changePasswordBodySchema }, ({ auth, body }) =>
  changePassword({ accountId: auth.accountId, userId: auth.userId, ...body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
