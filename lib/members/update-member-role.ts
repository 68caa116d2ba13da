import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import type { AuthContext } from "@/lib/api/handler";
import { appendAuditEntry } from "@/lib/audit-log/append-audit-entry";
import { auditActorOf } from "@/lib/audit-log/audit-actor";
import type { Role } from "./roles";
import { assertKeepsAnOwner, assertMayTouchOwnership } from "./ownership-rules";
import { endMemberSessions } from "./end-member-sessions";
import { serializeMember } from "./serialize-member";

/**
 * Changes a member's role. The member's sessions end at once (they sign in again with the new
 * role); the account keeps an owner; only an owner touches ownership.
 */
export async function updateMemberRole(options: { auth: AuthContext; memberId: string; role: Role; ipAddress?: string | null }) {
  const { auth } = options;
  return getDb().$transaction(async (tx) => {
    const [member] = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Membership" WHERE "id" = ${options.memberId} AND "accountId" = ${auth.accountId} FOR UPDATE`;
    if (!member) throw new ApiError("not_found", "member not found");
    const current = await tx.membership.findUniqueOrThrow({ where: { id: member.id }, include: { user: true } });
    if (current.role === options.role) return serializeMember(current);
    assertMayTouchOwnership(auth.role, [current.role, options.role]);
    if (current.role === "owner") await assertKeepsAnOwner(tx, auth.accountId, current.id);
    const updated = await tx.membership.update({
      where: { id: current.id },
      data: { role: options.role },
      include: { user: { select: { email: true, name: true } } },
    });
    await endMemberSessions(tx, current.userId);
    await appendAuditEntry(
      {
        accountId: auth.accountId,
        actor: auditActorOf(auth),
        action: "member.role_changed",
        target: { type: "member", id: current.id },
        ipAddress: options.ipAddress,
        summary: { email: current.user.email, before: { role: current.role }, after: { role: options.role } },
      },
      tx,
    );
    return serializeMember(updated);
  });
}
