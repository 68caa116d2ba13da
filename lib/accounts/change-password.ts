import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";

/**
 * Changes the signed-in user's password. A dashboard-only action: an API key (no user) gets a
 * 403, so a leaked key cannot take over the account's login. Bumping sessionVersion ends every
 * session of that user; the dashboard signs in again.
 */
export async function changePassword(options: { accountId: string; userId: string | null; currentPassword: string; newPassword: string }) {
  if (!options.userId) {
    throw new ApiError("forbidden", "the password can be changed only from the dashboard (signed in), not with an API key");
  }
  const db = getDb();
  const user = await db.user.findFirst({
    where: { id: options.userId, accountId: options.accountId },
    omit: { passwordHash: false },
  });
  if (!user) throw new ApiError("not_found", "user not found");
  if (!(await verifyPassword(options.currentPassword, user.passwordHash))) {
    throw new ApiError("validation_error", "currentPassword is wrong", [{ path: "currentPassword", message: "does not match" }]);
  }
  if (options.currentPassword === options.newPassword) {
    throw new ApiError("validation_error", "newPassword must differ from the current one", [
      { path: "newPassword", message: "same as current" },
    ]);
  }
  await db.user.update({
    where: { id: user.id },
    data: { passwordHash: await hashPassword(options.newPassword), sessionVersion: { increment: 1 } },
  });
  return { changed: true, sessionsEnded: true };
}
