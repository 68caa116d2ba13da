import { now } from "@/lib/clock/clock";
import type { Role } from "./roles";

export function serializeMember(m: {
  id: string;
  userId: string;
  role: Role;
  createdAt: Date;
  user: { email: string; name: string | null };
}) {
  return { id: m.id, userId: m.userId, email: m.user.email, name: m.user.name, role: m.role, createdAt: m.createdAt.toISOString() };
}

export function invitationState(i: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }) {
  if (i.acceptedAt) return "accepted" as const;
  if (i.revokedAt) return "revoked" as const;
  if (i.expiresAt.getTime() <= now().getTime()) return "expired" as const;
  return "pending" as const;
}

export function serializeInvitation(i: {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}) {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    state: invitationState(i),
    expiresAt: i.expiresAt.toISOString(),
    acceptedAt: i.acceptedAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
  };
}
