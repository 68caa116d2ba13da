// The /api/v1 operations that change something worth recording, by operationId: the audit
// action, the kind of target, and where the target's id is (the path's id, the query's id, or
// the answer's id). apiRoute appends an entry after each successful call of one of these, so a
// new operation is audited by adding one line here. Members and invitations record their own
// entries (with the role before and after), inside the change's transaction.

export interface AuditedOperation {
  /** "<resource>.<verb>", or a function of the answer (a domain check that verified it or not). */
  action: string | ((result: Record<string, unknown>) => string);
  target: string;
  /** Where the target's id comes from; default: the path's id, else the answer's id. */
  targetFrom?: "query";
}

export const AUDITED_OPERATIONS: Record<string, AuditedOperation> = {
  createApiKey: { action: "api_key.created", target: "api_key" },
  revokeApiKey: { action: "api_key.revoked", target: "api_key", targetFrom: "query" },
  revokeApiKeyById: { action: "api_key.revoked", target: "api_key" },
  createDomain: { action: "domain.added", target: "domain" },
  updateDomain: { action: "domain.changed", target: "domain" },
  verifyDomain: { action: (r) => (r.status === "verified" ? "domain.verified" : "domain.verification_failed"), target: "domain" },
  deleteDomain: { action: "domain.removed", target: "domain" },
  createWebhook: { action: "webhook.created", target: "webhook" },
  updateWebhook: { action: "webhook.changed", target: "webhook" },
  updateWebhookPatch: { action: "webhook.changed", target: "webhook" },
  deleteWebhook: { action: "webhook.deleted", target: "webhook" },
  createTemplate: { action: "template.created", target: "template" },
  updateTemplate: { action: "template.changed", target: "template" },
  deleteTemplate: { action: "template.deleted", target: "template" },
  updateTemplatePatch: { action: "template.changed", target: "template" },
  publishTemplate: { action: "template.published", target: "template" },
  createSdkTemplate: { action: "template.created", target: "template" },
  removeSdkTemplate: { action: "template.deleted", target: "template" },
  publishSdkTemplate: { action: "template.published", target: "template" },
  duplicateSdkTemplate: { action: "template.created", target: "template" },
  createAutomation: { action: "automation.created", target: "automation" },
  updateAutomation: { action: "automation.changed", target: "automation" },
  updateAutomationPut: { action: "automation.changed", target: "automation" },
  deleteAutomation: { action: "automation.deleted", target: "automation" },
  activateAutomation: { action: "automation.activated", target: "automation" },
  pauseAutomation: { action: "automation.paused", target: "automation" },
  addAutomationStep: { action: "automation.changed", target: "automation" },
  replaceAutomationSteps: { action: "automation.changed", target: "automation" },
  updateAutomationStep: { action: "automation.changed", target: "automation" },
  updateAutomationStepPut: { action: "automation.changed", target: "automation" },
  deleteAutomationStep: { action: "automation.changed", target: "automation" },
  createJourney: { action: "automation.created", target: "automation" },
  updateJourney: { action: "automation.changed", target: "automation" },
  removeJourney: { action: "automation.deleted", target: "automation" },
  duplicateJourney: { action: "automation.created", target: "automation" },
  stopJourney: { action: "automation.paused", target: "automation" },
  sendBroadcast: { action: "broadcast.sent", target: "broadcast" },
  cancelBroadcast: { action: "broadcast.cancelled", target: "broadcast" },
  importContacts: { action: "contacts.imported", target: "contact_import" },
  deleteContact: { action: "contact.deleted", target: "contact" },
  updateAccount: { action: "account.changed", target: "account" },
  changePassword: { action: "account.password_changed", target: "user" },
};

// Fields of an answer worth showing as the "after" summary: names and states, never secrets
// (a created key's value, a webhook's signing secret) or bodies.
const SUMMARY_FIELDS = [
  "name",
  "status",
  "state",
  "role",
  "email",
  "domain",
  "url",
  "endpoint",
  "events",
  "scopes",
  "subject",
  "isActive",
  "enabled",
  "total",
  "recipients",
];

export function summaryOf(body: unknown, result: unknown): Record<string, unknown> | null {
  const changed = body && typeof body === "object" && !Array.isArray(body) ? Object.keys(body as object).slice(0, 20) : undefined;
  let after: Record<string, unknown> | undefined;
  if (result && typeof result === "object" && !Array.isArray(result)) {
    const r = result as Record<string, unknown>;
    const picked = Object.fromEntries(
      SUMMARY_FIELDS.filter((k) => k in r && r[k] !== undefined).map((k) => {
        const v = r[k];
        return [k, typeof v === "string" ? v.slice(0, 200) : Array.isArray(v) ? v.slice(0, 20) : v];
      }),
    );
    if (Object.keys(picked).length) after = picked;
  }
  if (!changed?.length && !after) return null;
  return { ...(changed?.length ? { changed } : {}), ...(after ? { after } : {}) };
}
