import { getDb } from "@/lib/db/client";
import { hashInvitationToken } from "./invitation-token";
import { invitationState } from "./serialize-member";

/** The invitation a link's token names, with the account's name and whether its address has a login yet; null if none. */
export async function findInvitation(token: string) {
  if (!token || token.length > 200) return null;
  const invitation = await getDb().invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    include: { account: { select: { name: true } } },
  });
  if (!invitation) return null;
  const user = await getDb().user.findUnique({ where: { email: invitation.email }, select: { id: true } });
  return {
    email: invitation.email,
    role: invitation.role,
    accountName: invitation.account.name,
    state: invitationState(invitation),
    hasLogin: Boolean(user),
  };
}
