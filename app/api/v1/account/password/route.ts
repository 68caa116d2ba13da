import { apiRoute } from "@/lib/api/api-route";
import { changePassword } from "@/lib/accounts/change-password";
import { changePasswordOp } from "@/lib/accounts/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/account/password – change the password (dashboard session only; 403 for an API key); every other session ends
export const POST = apiRoute(changePasswordOp, ({ auth, body }) =>
  changePassword({ accountId: auth.accountId, userId: auth.userId, ...body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
