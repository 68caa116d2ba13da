import type { AuthContext } from "@/lib/api/handler";
import type { AuditActor } from "@/lib/audit-log/append-audit-entry";

/** Who made a request, as the audit log names them: the member, or the API key. */
export function auditActorOf(auth: AuthContext): AuditActor {
  if (auth.userId) return { type: "member", id: auth.userId, label: auth.email ?? null };
  if (auth.apiKeyId) return { type: "api_key", id: auth.apiKeyId, label: null };
  return { type: "system", id: "system", label: null };
}
