import { ApiError } from "@/lib/api/errors";
import { parseDurationMinutes } from "@/lib/automations/graph/duration";
import type { PropertyRule, Rule } from "@/lib/automations/graph/rule-schema";
import { isIsoDate } from "@/lib/contact-properties/property-types";
import type { ContactPropertyType } from "@/lib/generated/prisma/enums";

// A segment filter (the journeys' rule grammar) as ONE SQL predicate on a contact row. Every
// value of the filter (property keys, values, ids, event names, window starts) is a bound
// parameter; the SQL text is built only from this file's fixed fragments, so a filter cannot
// change the statement's shape beyond choosing among them. The size of a filter is bounded (its
// nodes, segments it names included, and how deep they nest), and each bound broken is a 400
// naming the part of the filter at fault by its path ("filter.rules.2.value").

export const FILTER_MAX_NODES = 100;
export const FILTER_MAX_DEPTH = 8;

export interface SegmentRef {
  /** null: a static segment (a list), whose members are its membership rows. */
  filter: Rule | null;
}

export interface FilterCompileContext {
  /** The account's declared contact properties by key. */
  properties: ReadonlyMap<string, ContactPropertyType>;
  /** The account's segments the filter names (directly or through other segments), by id. */
  segments: ReadonlyMap<string, SegmentRef>;
  /** The current time (the service's clock): windows ("within 7 days") start from it. */
  now: Date;
}

export interface CompiledFilter {
  sql: string;
  params: unknown[];
}

type FieldType = ContactPropertyType | "unknown";

interface FieldExpr {
  /** The value as text (NULL when missing). */
  text: string;
  /** The value as jsonb for a property (typed reads and containment), null for a column. */
  json: string | null;
  /** A column: its SQL expression of its own type (created_at is a timestamp). */
  column: string | null;
  type: FieldType;
  /** The property's key, for containment (properties @> {key: value}). */
  key: string | null;
}

function refused(path: string, message: string): ApiError {
  return new ApiError("validation_error", `${path}: ${message}`, [{ path, message }]);
}

class Compiler {
  readonly params: unknown[] = [];
  private nodes = 0;
  private readonly expanding: string[];

  constructor(
    private readonly ctx: FilterCompileContext,
    private readonly contact: string,
    private readonly firstParam: number,
    selfId: string | undefined,
  ) {
    this.expanding = selfId ? [selfId] : [];
  }

  /** A placeholder for a value, with its cast. */
  param(value: unknown, cast: string): string {
    this.params.push(value);
    return `$${this.firstParam + this.params.length - 1}::${cast}`;
  }

  rule(rule: Rule, path: string, depth: number): string {
    this.nodes += 1;
    if (this.nodes > FILTER_MAX_NODES)
      throw refused(path, `a filter may hold at most ${FILTER_MAX_NODES} rules, segments it names included`);
    if (depth > FILTER_MAX_DEPTH) throw refused(path, `a filter may nest at most ${FILTER_MAX_DEPTH} deep, segments it names included`);
    const c = this.contact;
    switch (rule.type) {
      case "and":
      case "or": {
        const parts = rule.rules.map((r, i) => this.rule(r, `${path}.rules.${i}`, depth + 1));
        return `(${parts.join(rule.type === "and" ? " AND " : " OR ")})`;
      }
      case "rule":
        return this.property(rule, path);
      case "email": {
        const column = rule.action === "received" ? "deliveredAt" : rule.action === "opened" ? "firstOpenedAt" : "firstClickedAt";
        const where = [`r."accountId" = ${c}."accountId"`, `r.email = ${c}.email`, `r."${column}" IS NOT NULL`];
        const since = this.since(rule.within, `${path}.within`);
        if (since) where.push(`r."${column}" >= ${since}`);
        // A recipient is of its email's account (both written by one accept). Without a rule on
        // the email itself, the email is read only to leave test sends out: through the small
        // index of test emails, not a probe of the Email table per recipient.
        if (!rule.automationId && !rule.stepKey && !rule.broadcastId) {
          where.push(`NOT EXISTS (SELECT 1 FROM "Email" t WHERE t.id = r."emailId" AND t."isTest")`);
          return `EXISTS (SELECT 1 FROM "EmailRecipient" r WHERE ${where.join(" AND ")})`;
        }
        where.push(`NOT e."isTest"`, `e."accountId" = ${c}."accountId"`);
        if (rule.automationId) where.push(`e."automationId" = ${this.param(rule.automationId, "text")}`);
        if (rule.stepKey) where.push(`e."stepId" = ${this.param(rule.stepKey, "text")}`);
        if (rule.broadcastId) where.push(`e."broadcastId" = ${this.param(rule.broadcastId, "text")}`);
        return `EXISTS (SELECT 1 FROM "EmailRecipient" r JOIN "Email" e ON e.id = r."emailId" WHERE ${where.join(" AND ")})`;
      }
      case "event": {
        const where = [`ev."contactId" = ${c}.id`, `ev.name = ${this.param(rule.eventName, "text")}`];
        const since = this.since(rule.within, `${path}.within`);
        if (since) where.push(`ev."createdAt" >= ${since}`);
        return `${rule.negate ? "NOT " : ""}EXISTS (SELECT 1 FROM "ContactEvent" ev WHERE ${where.join(" AND ")})`;
      }
      case "segment": {
        const ref = this.ctx.segments.get(rule.segmentId);
        if (!ref) throw refused(`${path}.segmentId`, `no segment ${rule.segmentId} in this account`);
        if (ref.filter === null) {
          return `EXISTS (SELECT 1 FROM "ListMembership" m WHERE m."listId" = ${this.param(rule.segmentId, "text")} AND m."contactId" = ${c}.id)`;
        }
        if (this.expanding.includes(rule.segmentId)) {
          throw refused(`${path}.segmentId`, `segment ${rule.segmentId} names itself through its filter`);
        }
        this.expanding.push(rule.segmentId);
        const inner = this.rule(ref.filter, `${path}(${rule.segmentId}).filter`, depth + 1);
        this.expanding.pop();
        return inner;
      }
    }
  }

  private since(within: string | undefined, path: string): string | null {
    if (within === undefined) return null;
    const minutes = parseDurationMinutes(within);
    if (minutes === null) throw refused(path, 'must be a duration such as "7 days"');
    return this.param(new Date(this.ctx.now.getTime() - minutes * 60_000).toISOString(), "timestamp");
  }

  private field(name: string): FieldExpr {
    const c = this.contact;
    const column = (sql: string, type: FieldType): FieldExpr => ({ text: sql, json: null, column: sql, type, key: null });
    switch (name) {
      case "email":
        return column(`${c}.email`, "string");
      case "name":
        return column(`${c}.name`, "string");
      case "created_at":
        return {
          ...column(`(${c}."createdAt" AT TIME ZONE 'UTC')`, "date"),
          text: `to_char(${c}."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        };
      case "first_name":
      case "last_name": {
        // As the journeys read them: the property when set, else a part of the contact's name.
        const key = this.param(name, "text");
        const part =
          name === "first_name"
            ? `NULLIF(split_part(btrim(COALESCE(${c}.name, '')), ' ', 1), '')`
            : `NULLIF(btrim(regexp_replace(btrim(COALESCE(${c}.name, '')), '^\\S+', '')), '')`;
        return column(`COALESCE(${c}.properties ->> ${key}, ${part})`, "string");
      }
    }
    const key = name.startsWith("properties.") ? name.slice("properties.".length) : name;
    // The key becomes a parameter only when read (a containment test carries it in its value):
    // a parameter the statement never uses has no type PostgreSQL can infer.
    let placeholder: string | null = null;
    const keyParam = () => (placeholder ??= this.param(key, "text"));
    return {
      get text() {
        return `(${c}.properties ->> ${keyParam()})`;
      },
      get json() {
        return `(${c}.properties -> ${keyParam()})`;
      },
      column: null,
      type: this.ctx.properties.get(key) ?? "unknown",
      key,
    };
  }

  private property(rule: PropertyRule, path: string): string {
    const f = this.field(rule.field);
    const c = this.contact;
    const empty = () => `COALESCE(${f.text}, '') = ''`;
    switch (rule.operator) {
      case "exists":
        return f.json ? `COALESCE(jsonb_typeof(${f.json}), 'null') <> 'null'` : `${f.text} IS NOT NULL`;
      case "is_empty":
        return `(${empty()})`;
      case "contains":
        return `COALESCE(strpos(${f.text}, ${this.param(rule.value, "text")}) > 0, false)`;
      case "starts_with":
        return `COALESCE(starts_with(${f.text}, ${this.param(rule.value, "text")}), false)`;
      case "ends_with": {
        const v = this.param(rule.value, "text");
        return `COALESCE(right(${f.text}, char_length(${v})) = ${v}, false)`;
      }
      case "eq":
      case "neq": {
        if (rule.value === null) return rule.operator === "eq" ? `(${empty()})` : `NOT (${empty()})`;
        const eq = this.equals(f, rule.value, `${path}.value`, c);
        return rule.operator === "eq" ? eq : `NOT COALESCE(${eq}, false)`;
      }
      case "gt":
      case "gte":
      case "lt":
      case "lte": {
        const op = { gt: ">", gte: ">=", lt: "<", lte: "<=" }[rule.operator];
        const as = this.orderedAs(f, rule.value, `${path}.value`);
        return `COALESCE(${this.typed(f, as)} ${op} ${this.typedValue(as, rule.value, `${path}.value`)}, false)`;
      }
    }
  }

  /** How a comparison orders: a declared type, else what the value looks like. */
  private orderedAs(f: FieldExpr, value: string | number, path: string): "number" | "date" | "string" {
    if (f.type === "boolean") throw refused(path, `${rule(f)} is true or false: compare it with eq or neq`);
    if (f.type === "number" || f.type === "date" || f.type === "string") return f.type;
    if (typeof value === "number") return "number";
    if (value.trim() !== "" && Number.isFinite(Number(value))) return "number";
    if (isIsoDate(value)) return "date";
    return "string";
  }

  private typed(f: FieldExpr, as: "number" | "date" | "string"): string {
    if (as === "string") return f.text;
    if (f.column)
      return as === "date" && f.type === "date"
        ? f.column
        : as === "number"
          ? `mw_jsonb_numeric(to_jsonb(${f.text}))`
          : `mw_jsonb_timestamptz(to_jsonb(${f.text}))`;
    return as === "number" ? `mw_jsonb_numeric(${f.json})` : `mw_jsonb_timestamptz(${f.json})`;
  }

  private typedValue(as: "number" | "date" | "string", value: string | number | boolean, path: string): string {
    if (as === "number") {
      const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw refused(path, "must be a number");
      return this.param(String(n), "numeric");
    }
    if (as === "date") {
      if (typeof value !== "string" || !isIsoDate(value))
        throw refused(path, "must be an ISO 8601 date like 2026-01-31 or 2026-01-31T09:00:00Z");
      // A date-time without an offset is UTC, as the stored values are read.
      const utc = /[T ]\d{2}:\d{2}/.test(value) && !/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? `${value.replace(" ", "T")}Z` : value;
      return this.param(new Date(Date.parse(utc)).toISOString(), "timestamptz");
    }
    return this.param(String(value), "text");
  }

  private equals(f: FieldExpr, value: string | number | boolean, path: string, c: string): string {
    if (f.type === "boolean" || typeof value === "boolean") {
      if (typeof value !== "boolean") throw refused(path, "must be true or false");
      if (!f.key) throw refused(path, "this field is not true or false");
      return `${c}.properties @> ${this.param(JSON.stringify({ [f.key]: value }), "jsonb")}`;
    }
    // A declared string or number is stored as that JSON type: a containment test the
    // properties index answers.
    if (f.key && f.type === "string") return `${c}.properties @> ${this.param(JSON.stringify({ [f.key]: String(value) }), "jsonb")}`;
    if (f.key && f.type === "number") {
      const n = typeof value === "number" ? value : value.trim() !== "" ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw refused(path, "must be a number");
      return `${c}.properties @> ${this.param(JSON.stringify({ [f.key]: n }), "jsonb")}`;
    }
    const as = f.type === "date" ? "date" : typeof value === "number" ? "number" : "string";
    return `COALESCE(${this.typed(f, as)} = ${this.typedValue(as, value, path)}, false)`;
  }
}

function rule(f: FieldExpr): string {
  return f.key ? `property ${f.key}` : "this field";
}

/**
 * The filter as a predicate on the contact row `contactAlias`, with its parameters numbered
 * from `firstParam`. Throws a 400 naming the part at fault (under `path`, "filter" by default).
 * `selfId`: the segment whose filter this is, which the filter may not name (nor reach through others).
 */
export function compileSegmentFilter(
  filter: Rule,
  ctx: FilterCompileContext,
  options: { contactAlias?: string; firstParam?: number; path?: string; selfId?: string } = {},
): CompiledFilter {
  const compiler = new Compiler(ctx, options.contactAlias ?? "c", options.firstParam ?? 1, options.selfId);
  const sql = compiler.rule(filter, options.path ?? "filter", 0);
  return { sql, params: compiler.params };
}

/** The segment ids a filter names directly. */
export function segmentIdsOf(filter: Rule, into: Set<string> = new Set()): Set<string> {
  if (filter.type === "and" || filter.type === "or") for (const r of filter.rules) segmentIdsOf(r, into);
  else if (filter.type === "segment") into.add(filter.segmentId);
  return into;
}
