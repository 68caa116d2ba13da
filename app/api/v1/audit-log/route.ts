import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listAuditLog } from "@/lib/audit-log/list-audit-log";
import { listAuditLogOp } from "@/lib/audit-log/operations";

// GET /api/v1/audit-log – who changed what, newest first
export const GET = apiRoute(listAuditLogOp, ({ auth, query }) => listAuditLog({ accountId: auth.accountId, query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
