import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError } from "@/lib/api/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { appendAuditEntry } from "@/lib/audit-log/append-audit-entry";
import { hashInvitationToken } from "./invitation-token";
import { invitationState } from "./serialize-member";
import type { AcceptInvitationBody } from "./schemas";

/**
 * Accepts an invitation: a new address sets its name and password; an address that already
 * signs in (a member of another account) confirms with its password. The link works once: the
 * invitation is marked accepted in the same statement that checks it is still pending, so two
 * concurrent accepts cannot both pass.
 */
export async function acceptInvitation(options: { input: AcceptInvitationBody; ipAddress?: string | null }) {
  const { input } = options;
  const db = getDb();
  const tokenHash = hashInvitationToken(input.token);
  const found = await db.invitation.findUnique({ where: { tokenHash } });
  if (!found) throw new ApiError("not_found", "this invitation link is not valid");
  const state = invitationState(found);
  if (state === "accepted") throw new ApiError("conflict", "this invitation link was already used");
  if (state === "revoked") throw new ApiError("conflict", "this invitation was revoked");
  if (state === "expired") throw new ApiError("conflict", "this invitation link has expired: ask for a new one");
  const existing = await db.user.findUnique({ where: { email: found.email }, omit: { passwordHash: false } });
  if (existing && !(await verifyPassword(input.password, existing.passwordHash))) {
    throw new ApiError("unauthorized", "this address already signs in to Mailwright: enter its current password");
  }
  const passwordHash = existing ? null : await hashPassword(input.password);
  const at = now();
  return db.$transaction(async (tx) => {
    const claimed = await tx.invitation.updateMany({
      where: { id: found.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: at } },
      data: { acceptedAt: at },
    });
    if (claimed.count !== 1) throw new ApiError("conflict", "this invitation link was already used");
    const user =
      existing ??
      (await tx.user.create({
        data: { id: newId("usr"), accountId: found.accountId, email: found.email, name: input.name ?? null, passwordHash: passwordHash! },
      }));
    const already = await tx.membership.findUnique({ where: { accountId_userId: { accountId: found.accountId, userId: user.id } } });
    if (already) throw new ApiError("conflict", "this address is already a member of the account");
    const member = await tx.membership.create({
      data: { id: newId("mem"), accountId: found.accountId, userId: user.id, role: found.role },
    });
    // The next sign-in opens the account just joined.
    if (existing) await tx.user.update({ where: { id: user.id }, data: { accountId: found.accountId } });
    await appendAuditEntry(
      {
        accountId: found.accountId,
        actor: { type: "member", id: user.id, label: user.email },
        action: "member.joined",
        target: { type: "member", id: member.id },
        ipAddress: options.ipAddress,
        summary: { after: { email: user.email, role: found.role } },
      },
      tx,
    );
    return { accountId: found.accountId, email: user.email, role: found.role };
  });
}
