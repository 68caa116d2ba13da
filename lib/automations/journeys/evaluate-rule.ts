import type { Db, Tx } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { parseDurationMinutes } from "../graph/duration";
import type { PropertyRule, Rule } from "../graph/rule-schema";
import { contactMatchesFilter } from "@/lib/segments/segment-members-sql";

export interface RuleContact {
  id: string | null;
  email: string;
  name: string | null;
  properties: unknown;
  createdAt?: Date;
}

export interface RuleContext {
  db: Db | Tx;
  accountId: string;
  enrollmentId: string;
  contact: RuleContact;
}

/** A contact field (email, first_name, last_name, name, created_at, timezone) or a property (`plan`, `properties.plan`). */
export function fieldValue(contact: RuleContact, field: string): unknown {
  const properties = (contact.properties ?? {}) as Record<string, unknown>;
  if (field.startsWith("properties.")) return properties[field.slice("properties.".length)];
  const [first, ...rest] = (contact.name ?? "").trim().split(/\s+/);
  switch (field) {
    case "email":
      return contact.email;
    case "name":
      return contact.name;
    case "first_name":
      return properties.first_name ?? (first || undefined);
    case "last_name":
      return properties.last_name ?? (rest.join(" ") || undefined);
    case "created_at":
      return contact.createdAt?.toISOString();
    default:
      return properties[field];
  }
}

const numeric = (v: unknown): number | null =>
  typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : null;
const dated = (v: unknown): number | null => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : null);

/** Orders two values as numbers when both are numbers, as dates when both are dates, else as text. */
function compare(a: unknown, b: unknown): number | null {
  const [na, nb] = [numeric(a), numeric(b)];
  if (na !== null && nb !== null) return na - nb;
  const [da, db] = [dated(a), dated(b)];
  if (da !== null && db !== null && !Number.isNaN(da) && !Number.isNaN(db)) return da - db;
  if (a === undefined || a === null || b === undefined || b === null) return null;
  return String(a).localeCompare(String(b));
}

/** A property rule against the contact alone (no database): numbers and dates compare as such. */
export function propertyRuleMatches(rule: PropertyRule, contact: RuleContact): boolean {
  const value = fieldValue(contact, rule.field);
  const empty = value === undefined || value === null || value === "";
  switch (rule.operator) {
    case "exists":
      return value !== undefined && value !== null;
    case "is_empty":
      return empty;
    case "eq":
      return rule.value === null ? empty : !empty && compare(value, rule.value) === 0;
    case "neq":
      return rule.value === null ? !empty : empty || compare(value, rule.value) !== 0;
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const order = compare(value, rule.value);
      if (order === null || empty) return false;
      return rule.operator === "gt" ? order > 0 : rule.operator === "gte" ? order >= 0 : rule.operator === "lt" ? order < 0 : order <= 0;
    }
    case "contains":
      return !empty && String(value).includes(rule.value);
    case "starts_with":
      return !empty && String(value).startsWith(rule.value);
    case "ends_with":
      return !empty && String(value).endsWith(rule.value);
  }
}

const since = (within: string | undefined) => {
  const minutes = within === undefined ? null : parseDurationMinutes(within);
  return minutes === null ? undefined : new Date(now().getTime() - minutes * 60_000);
};

/**
 * Whether a run's contact meets a rule. Property rules read the contact; behaviour rules read
 * this run's emails (opened or clicked), the contact's events, or list membership, each one
 * indexed lookup. A test run (no contact row) meets no behaviour rule.
 */
export async function evaluateRule(rule: Rule, ctx: RuleContext): Promise<boolean> {
  switch (rule.type) {
    case "rule":
      return propertyRuleMatches(rule, ctx.contact);
    case "and":
      for (const r of rule.rules) if (!(await evaluateRule(r, ctx))) return false;
      return true;
    case "or":
      for (const r of rule.rules) if (await evaluateRule(r, ctx)) return true;
      return false;
    case "email": {
      if (!ctx.contact.id) return false;
      const after = since(rule.within);
      const scope = rule.broadcastId
        ? { broadcastId: rule.broadcastId, contactId: ctx.contact.id }
        : rule.automationId
          ? { automationId: rule.automationId }
          : { enrollmentId: ctx.enrollmentId };
      const found = await ctx.db.emailRecipient.findFirst({
        where: {
          emailRecord: {
            accountId: ctx.accountId,
            ...scope,
            ...(rule.stepKey ? { stepId: rule.stepKey } : {}),
            ...(after ? { createdAt: { gte: after } } : {}),
          },
          email: ctx.contact.email,
          ...(rule.action === "opened"
            ? { firstOpenedAt: { not: null } }
            : rule.action === "clicked"
              ? { firstClickedAt: { not: null } }
              : { deliveredAt: { not: null } }),
        },
        select: { id: true },
      });
      return found !== null;
    }
    case "event": {
      if (!ctx.contact.id) return !!rule.negate;
      const after = since(rule.within);
      const found = await ctx.db.contactEvent.findFirst({
        where: { contactId: ctx.contact.id, name: rule.eventName, ...(after ? { createdAt: { gte: after } } : {}) },
        select: { id: true },
      });
      return rule.negate ? found === null : found !== null;
    }
    case "segment": {
      if (!ctx.contact.id) return false;
      // A filtered segment's members are whoever matches its filter now.
      const segment = await ctx.db.contactList.findFirst({
        where: { id: rule.segmentId, accountId: ctx.accountId },
        select: { filter: true },
      });
      if (segment?.filter) return contactMatchesFilter(ctx.accountId, ctx.contact.id, segment.filter as Rule);
      const member = await ctx.db.listMembership.findFirst({
        where: { listId: rule.segmentId, contactId: ctx.contact.id, list: { accountId: ctx.accountId } },
        select: { contactId: true },
      });
      return member !== null;
    }
  }
}
