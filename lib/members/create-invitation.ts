import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import type { AuthContext } from "@/lib/api/handler";
import { logger } from "@/lib/log/logger";
import { appendAuditEntry } from "@/lib/audit-log/append-audit-entry";
import { auditActorOf } from "@/lib/audit-log/audit-actor";
import { assertMayTouchOwnership } from "./ownership-rules";
import { newInvitationToken } from "./invitation-token";
import { INVITATION_TTL_DAYS, type CreateInvitationBody } from "./schemas";
import { sendInvitationEmail } from "./send-invitation-email";
import { serializeInvitation } from "./serialize-member";

/** At most this many invitations wait at once in one account. */
export const MAX_PENDING_INVITATIONS = 100;

/**
 * Invites an address to the account with a role and emails the link. A pending invitation of
 * the same address is replaced (its link stops working); a current member cannot be invited.
 */
export async function createInvitation(options: { auth: AuthContext; input: CreateInvitationBody; ipAddress?: string | null }) {
  const { auth, input } = options;
  assertMayTouchOwnership(auth.role, [input.role]);
  const db = getDb();
  const { token, tokenHash } = newInvitationToken();
  const at = now();
  const { invitation, accountName } = await db.$transaction(async (tx) => {
    const member = await tx.membership.findFirst({ where: { accountId: auth.accountId, user: { email: input.email } } });
    if (member)
      throw new ApiError("conflict", "this address is already a member of the account", [{ path: "email", message: "already a member" }]);
    await tx.invitation.updateMany({
      where: { accountId: auth.accountId, email: input.email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: at },
    });
    const pending = await tx.invitation.count({
      where: { accountId: auth.accountId, acceptedAt: null, revokedAt: null, expiresAt: { gt: at } },
    });
    if (pending >= MAX_PENDING_INVITATIONS)
      throw new ApiError("limit_reached", `at most ${MAX_PENDING_INVITATIONS} invitations may wait at once`);
    const account = await tx.account.findUniqueOrThrow({ where: { id: auth.accountId }, select: { name: true } });
    const created = await tx.invitation.create({
      data: {
        id: newId("inv"),
        accountId: auth.accountId,
        email: input.email,
        role: input.role,
        tokenHash,
        invitedByUserId: auth.userId,
        expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * 86_400_000),
      },
    });
    await appendAuditEntry(
      {
        accountId: auth.accountId,
        actor: auditActorOf(auth),
        action: "member.invited",
        target: { type: "invitation", id: created.id },
        ipAddress: options.ipAddress,
        summary: { after: { email: input.email, role: input.role } },
      },
      tx,
    );
    return { invitation: created, accountName: account.name };
  });
  await sendInvitationEmail({
    accountId: auth.accountId,
    accountName,
    email: input.email,
    role: input.role,
    token,
    invitedBy: auth.email ?? null,
    log: logger(),
  });
  return serializeInvitation(invitation);
}
