import { ApiError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { Role } from "./roles";

/**
 * Ownership is the owners' alone: only an owner grants the owner role, or changes or removes
 * an owner. An API key (account-wide, no role) counts as an admin here.
 */
export function assertMayTouchOwnership(actorRole: Role | null | undefined, roles: (Role | undefined)[]) {
  if (actorRole === "owner") return;
  if (roles.includes("owner")) throw new ApiError("forbidden", "only an owner may grant, change or remove the owner role");
}

/** The account always keeps an owner: refuses a change that would leave it without one. */
export async function assertKeepsAnOwner(tx: Tx, accountId: string, leavingMembershipId: string) {
  const others = await tx.membership.count({ where: { accountId, role: "owner", id: { not: leavingMembershipId } } });
  if (others === 0) throw new ApiError("conflict", "the account must keep an owner: make another member owner first");
}
