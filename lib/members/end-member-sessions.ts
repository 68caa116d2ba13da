import type { Tx } from "@/lib/db/client";

/**
 * Ends every dashboard session of a user at once: each request checks the token's session
 * version against the user's (lib/auth/session.ts).
 */
export async function endMemberSessions(tx: Tx, userId: string) {
  await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
