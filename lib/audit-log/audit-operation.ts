import type { Operation } from "@/lib/api/define-operation";
import type { AuthContext } from "@/lib/api/handler";
import { clientAddress } from "@/lib/api/client-address";
import { logger } from "@/lib/log/logger";
import { appendAuditEntry } from "./append-audit-entry";
import { auditActorOf } from "./audit-actor";
import { AUDITED_OPERATIONS, summaryOf } from "./audited-operations";

/**
 * Records a successful call of an audited operation (audited-operations.ts). Called by apiRoute
 * once the change is made; a failure to record is logged, never turned into an error for a
 * change that already happened.
 */
export async function auditOperation(
  operation: Pick<Operation, "id">,
  ctx: { auth: AuthContext; req: Request; params: Record<string, string>; query: unknown; body: unknown },
  result: unknown,
) {
  const audited = AUDITED_OPERATIONS[operation.id];
  if (!audited || !ctx.auth.accountId) return;
  let data = result;
  if (result instanceof Response) {
    if (!result.ok) return;
    data = (result.headers.get("content-type") ?? "").includes("json")
      ? await result
          .clone()
          .json()
          .catch(() => null)
      : null;
  }
  const r = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const fromQuery = audited.targetFrom === "query" ? (ctx.query as { id?: string } | undefined)?.id : undefined;
  const targetId = fromQuery ?? ctx.params.id ?? (typeof r.id === "string" ? r.id : null);
  try {
    await appendAuditEntry({
      accountId: ctx.auth.accountId,
      actor: auditActorOf(ctx.auth),
      action: typeof audited.action === "function" ? audited.action(r) : audited.action,
      target: { type: audited.target, id: operation.id === "changePassword" ? ctx.auth.userId : targetId },
      ipAddress: clientAddress(ctx.req),
      summary: operation.id === "changePassword" ? null : summaryOf(ctx.body, data),
    });
  } catch (error) {
    logger().error({ err: error, operation: operation.id, accountId: ctx.auth.accountId }, "audit entry not recorded");
  }
}
