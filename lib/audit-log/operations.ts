import { defineOperation } from "@/lib/api/define-operation";
import { listAuditLogQuerySchema } from "./schemas";
import { listAuditLogResponseSchema } from "./response-schemas";

export const listAuditLogOp = defineOperation({
  method: "GET",
  path: "/audit-log",
  id: "listAuditLog",
  summary: "List audit log entries, newest first",
  description:
    "Who changed what: API keys, domains, webhooks, members, templates, automations, broadcasts, contact imports and deletes, account settings. Each entry names the actor (a member or an API key), the action and target, the time, the client address and a short before/after summary; entries are chained by hash (`npm run cli -- audit:verify` checks the chain) and kept 365 days. Filter by actor, action (or its resource, e.g. `domain`), target id and time range; page with limit and offset, or with the cursors after and before (entry ids).",
  tag: "Audit log",
  query: listAuditLogQuerySchema,
  response: listAuditLogResponseSchema,
});
