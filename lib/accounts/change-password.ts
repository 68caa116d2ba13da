import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";

/**
 * Changes the signed-in user's password (or, for an API key, the account owner's). Bumping
 * sessionVersion ends every session of that user; the dashboard signs in again.
 */
export async function changePassword(options: { accountId: string; userId: string | null; currentPassword: string; newPassword: string }) {
  const db = getDb();
  const user = await db.user.findFirst({
    where: options.userId ? { id: options.userId, accountId: options.accountId } : { accountId: options.accountId },
    orderBy: { createdAt: "asc" },
    omit: { passwordHash: false },
  });
  if (!user) throw new ApiError("not_found", "user not found");
  if (!(await verifyPassword(options.currentPassword, user.passwordHash))) {
    throw new ApiError("validation_error", "currentPassword is wrong", [{ path: "currentPassword", message: "does not match" }]);
  }
  if (options.currentPassword === options.newPassword) {
    throw new ApiError("validation_error", "newPassword must differ from the current one", [{ path: "newPassword", message: "same as current" }]);
  }
  await db.user.update({
    where: { id: user.id },
    data: { passwordHash: await hashPassword(options.newPassword), sessionVersion: { increment: 1 } },
  });
  return { changed: true, sessionsEnded: true };
}
