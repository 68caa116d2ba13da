import type { Rule } from "@/lib/automations/graph/rule-schema";

// The filter builder's form values: one flat node shape for every kind of condition (what
// react-hook-form's field arrays hold), turned into the rule grammar on submit.

export type FieldType = "string" | "number" | "boolean" | "date";
export type NodeKind = "field" | "email" | "event" | "segment" | "group";

export interface FilterNode {
  kind: NodeKind;
  field: string;
  operator: string;
  value: string;
  action: "received" | "opened" | "clicked";
  within: string;
  eventName: string;
  negate: boolean;
  segmentId: string;
  type: "and" | "or";
  rules: FilterNode[];
}

export interface FieldOption {
  value: string;
  label: string;
  type: FieldType;
}

/** Contact fields every account has; declared properties are added after them. */
export const CONTACT_FIELDS: FieldOption[] = [
  { value: "email", label: "Email", type: "string" },
  { value: "first_name", label: "First name", type: "string" },
  { value: "last_name", label: "Last name", type: "string" },
  { value: "created_at", label: "Created", type: "date" },
];

const OPERATOR_LABELS: Record<string, string> = {
  eq: "is",
  neq: "is not",
  contains: "contains",
  starts_with: "starts with",
  ends_with: "ends with",
  gt: "greater than",
  gte: "at least",
  lt: "less than",
  lte: "at most",
  exists: "is set",
  is_empty: "is empty",
};
const DATE_LABELS: Record<string, string> = { gt: "after", gte: "on or after", lt: "before", lte: "on or before" };

/** The operators that make sense for a field of this type, with their labels. */
export function operatorsFor(type: FieldType): { value: string; label: string }[] {
  const ops =
    type === "string"
      ? ["eq", "neq", "contains", "starts_with", "ends_with", "exists", "is_empty"]
      : type === "number"
        ? ["eq", "neq", "gt", "gte", "lt", "lte", "exists", "is_empty"]
        : type === "date"
          ? ["gt", "gte", "lt", "lte", "exists", "is_empty"]
          : ["eq", "neq", "exists"];
  return ops.map((op) => ({ value: op, label: (type === "date" && DATE_LABELS[op]) || OPERATOR_LABELS[op] }));
}

export const takesValue = (operator: string) => operator !== "exists" && operator !== "is_empty";

export function emptyNode(kind: NodeKind = "field", field = "email"): FilterNode {
  return {
    kind,
    field,
    operator: kind === "field" ? "eq" : "",
    value: "",
    action: "opened",
    within: "",
    eventName: "",
    negate: false,
    segmentId: "",
    type: "and",
    rules: kind === "group" ? [emptyNode("field", field)] : [],
  };
}

function typedValue(value: string, type: FieldType): string | number | boolean {
  if (type === "number" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  if (type === "boolean") return value === "true";
  return value;
}

/** The form's tree as the rule grammar the API validates (it names what is wrong by path). */
export function toRule(node: FilterNode, fieldType: (field: string) => FieldType): Rule {
  switch (node.kind) {
    case "group":
      return { type: node.type, rules: node.rules.map((r) => toRule(r, fieldType)) };
    case "email":
      return { type: "email", action: node.action, ...(node.within.trim() ? { within: node.within.trim() } : {}) };
    case "event":
      return {
        type: "event",
        eventName: node.eventName.trim(),
        ...(node.within.trim() ? { within: node.within.trim() } : {}),
        ...(node.negate ? { negate: true } : {}),
      };
    case "segment":
      return { type: "segment", segmentId: node.segmentId };
    case "field": {
      const operator = node.operator as "eq";
      if (!takesValue(operator)) return { type: "rule", field: node.field, operator: operator as "exists" };
      return { type: "rule", field: node.field, operator, value: typedValue(node.value, fieldType(node.field)) } as Rule;
    }
  }
}

/**
 * A stored filter as the form's tree, to edit it: the inverse of toRule. Null when the filter
 * says something the builder cannot show (email activity of one automation, step or broadcast;
 * a comparison with null), which is then shown as written and edited through the API.
 */
export function fromRule(rule: Rule): FilterNode | null {
  return nodeOf(rule.type === "and" || rule.type === "or" ? rule : { type: "and", rules: [rule] });
}

function nodeOf(rule: Rule): FilterNode | null {
  switch (rule.type) {
    case "and":
    case "or": {
      const rules = rule.rules.map(nodeOf);
      if (rules.some((r) => r === null)) return null;
      return { ...emptyNode("group"), type: rule.type, rules: rules as FilterNode[] };
    }
    case "email":
      if (rule.stepKey || rule.automationId || rule.broadcastId) return null;
      return { ...emptyNode("email"), action: rule.action, within: rule.within ?? "" };
    case "event":
      return { ...emptyNode("event"), eventName: rule.eventName, within: rule.within ?? "", negate: rule.negate ?? false };
    case "segment":
      return { ...emptyNode("segment"), segmentId: rule.segmentId };
    case "rule": {
      if (!("value" in rule)) return { ...emptyNode("field", rule.field), operator: rule.operator };
      if (rule.value === null) return null;
      return { ...emptyNode("field", rule.field), operator: rule.operator, value: String(rule.value) };
    }
  }
}

/** "3 contacts": a count as people read it. */
export function contactsCount(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? "contact" : "contacts"}`;
}
