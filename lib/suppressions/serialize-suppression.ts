import type { Suppression } from "@/lib/generated/prisma/client";

export function serializeSuppression(s: Suppression) {
  return { id: s.id, email: s.email, reason: s.reason, emailId: s.emailId, createdAt: s.createdAt.toISOString() };
}

export type SuppressionResponse = ReturnType<typeof serializeSuppression>;
