import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import type { AuthContext } from "@/lib/api/handler";
import { appendAuditEntry } from "@/lib/audit-log/append-audit-entry";
import { auditActorOf } from "@/lib/audit-log/audit-actor";
import { serializeInvitation } from "./serialize-member";

/** Revokes a pending invitation: its link stops working. An accepted one cannot be revoked. */
export async function revokeInvitation(options: { auth: AuthContext; id: string; ipAddress?: string | null }) {
  const { auth } = options;
  return getDb().$transaction(async (tx) => {
    const found = await tx.invitation.findFirst({ where: { id: options.id, accountId: auth.accountId } });
    if (!found) throw new ApiError("not_found", "invitation not found");
    if (found.acceptedAt) throw new ApiError("conflict", "this invitation was already accepted: remove the member instead");
    if (found.revokedAt) return serializeInvitation(found);
    const updated = await tx.invitation.update({ where: { id: found.id }, data: { revokedAt: now() } });
    await appendAuditEntry(
      {
        accountId: auth.accountId,
        actor: auditActorOf(auth),
        action: "member.invitation_revoked",
        target: { type: "invitation", id: found.id },
        ipAddress: options.ipAddress,
        summary: { before: { email: found.email, role: found.role } },
      },
      tx,
    );
    return serializeInvitation(updated);
  });
}
