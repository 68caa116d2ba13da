import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { AuthContext } from "@/lib/api/handler";
import { appendAuditEntry } from "@/lib/audit-log/append-audit-entry";
import { auditActorOf } from "@/lib/audit-log/audit-actor";
import { assertKeepsAnOwner, assertMayTouchOwnership } from "./ownership-rules";
import { endMemberSessions } from "./end-member-sessions";

/**
 * Removes a member from the account and ends their sessions at once. A user left in no account
 * is deleted; one still in others moves on to one of them if this was the account they were
 * looking at. The account keeps an owner.
 */
export async function removeMember(options: { auth: AuthContext; memberId: string; ipAddress?: string | null }) {
  const { auth } = options;
  return getDb().$transaction(async (tx) => {
    const [member] = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Membership" WHERE "id" = ${options.memberId} AND "accountId" = ${auth.accountId} FOR UPDATE`;
    if (!member) throw new ApiError("not_found", "member not found");
    const current = await tx.membership.findUniqueOrThrow({ where: { id: member.id }, include: { user: true } });
    assertMayTouchOwnership(auth.role, [current.role]);
    if (current.role === "owner") await assertKeepsAnOwner(tx, auth.accountId, current.id);
    await tx.membership.delete({ where: { id: current.id } });
    const other = await tx.membership.findFirst({ where: { userId: current.userId }, orderBy: { createdAt: "asc" } });
    if (!other) {
      await tx.user.delete({ where: { id: current.userId } });
    } else {
      if (current.user.accountId === auth.accountId) {
        await tx.user.update({ where: { id: current.userId }, data: { accountId: other.accountId } });
      }
      await endMemberSessions(tx, current.userId);
    }
    await appendAuditEntry(
      {
        accountId: auth.accountId,
        actor: auditActorOf(auth),
        action: "member.removed",
        target: { type: "member", id: current.id },
        ipAddress: options.ipAddress,
        summary: { email: current.user.email, before: { role: current.role }, after: null },
      },
      tx,
    );
    return { id: current.id, deleted: true as const };
  });
}
