import type { Operation } from "@/lib/api/define-operation";
import type { Tag } from "@/lib/openapi/tags";
import type { Role } from "./roles";

// The one table of what each role may do, for /api/v1 called with a dashboard session and for
// the dashboard's pages. An operation's rule comes from its area (the OpenAPI tag), reading
// (GET, and the few POSTs that change nothing) or writing; RULES_BY_ID overrides single
// operations. API keys are account-wide and never pass through here: their scopes decide.

type Rule = { read: readonly Role[]; write: readonly Role[] };

const ALL: readonly Role[] = ["owner", "admin", "developer", "marketer", "viewer"];
const MANAGERS: readonly Role[] = ["owner", "admin"];
const DEVELOPERS: readonly Role[] = ["owner", "admin", "developer"];
const MARKETERS: readonly Role[] = ["owner", "admin", "marketer"];
const BUILDERS: readonly Role[] = ["owner", "admin", "developer", "marketer"];

export type Area = Tag;

export const AREA_RULES: Record<Area, Rule> = {
  "API keys": { read: [...DEVELOPERS, "viewer"], write: DEVELOPERS },
  Domains: { read: [...DEVELOPERS, "viewer"], write: DEVELOPERS },
  Webhooks: { read: [...DEVELOPERS, "viewer"], write: DEVELOPERS },
  Logs: { read: [...DEVELOPERS, "viewer"], write: DEVELOPERS },
  Emails: { read: ALL, write: DEVELOPERS },
  Templates: { read: ALL, write: BUILDERS },
  Contacts: { read: ALL, write: MARKETERS },
  Lists: { read: ALL, write: MARKETERS },
  Audience: { read: ALL, write: MARKETERS },
  Automations: { read: ALL, write: MARKETERS },
  Broadcasts: { read: [...MARKETERS, "viewer"], write: MARKETERS },
  Events: { read: ALL, write: BUILDERS },
  Analytics: { read: ALL, write: MANAGERS },
  Account: { read: ALL, write: MANAGERS },
  Members: { read: ALL, write: MANAGERS },
  "Audit log": { read: MANAGERS, write: MANAGERS },
  Meta: { read: ALL, write: ALL },
};

/** Operations whose rule differs from their area's (by operationId). */
const RULES_BY_ID: Record<string, Rule> = {
  // Each member changes their own password; any member may switch accounts or leave one.
  changePassword: { read: ALL, write: ALL },
  switchAccount: { read: ALL, write: ALL },
  listMyAccounts: { read: ALL, write: ALL },
  // Suppressions and the dev inbox belong to sending: developers and marketers both send.
  deleteSuppression: { read: ALL, write: BUILDERS },
  deleteSuppressionById: { read: ALL, write: BUILDERS },
  // The relay's settings name its credentials (API keys).
  getSmtpSettings: { read: [...DEVELOPERS, "viewer"], write: DEVELOPERS },
  // Reading the members' list is for everyone; the invitations are managers' business.
  listInvitations: { read: MANAGERS, write: MANAGERS },
};

/** POSTs that change nothing: they follow the read rule. */
const READ_LIKE = new Set(["previewTemplate", "openInboxMessage"]);

export function ruleOf(operation: Pick<Operation, "id" | "tag" | "method">): { rule: Rule; kind: "read" | "write" } {
  const kind = operation.method === "GET" || READ_LIKE.has(operation.id) ? "read" : "write";
  const tag = operation.tag as Area;
  return { rule: RULES_BY_ID[operation.id] ?? AREA_RULES[tag], kind };
}

/** Whether a member with this role may call the operation. */
export function roleAllows(role: Role, operation: Pick<Operation, "id" | "tag" | "method">): boolean {
  const { rule, kind } = ruleOf(operation);
  return rule[kind].includes(role);
}

/** Whether a member with this role may open the dashboard pages of an area (its read rule). */
export function roleMayView(role: Role, area: Area): boolean {
  return AREA_RULES[area].read.includes(role);
}

/** Whether a member with this role may change things in an area (its write rule). */
export function roleMayChange(role: Role, area: Area): boolean {
  return AREA_RULES[area].write.includes(role);
}
