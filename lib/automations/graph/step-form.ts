import type { FieldErrors, Resolver } from "react-hook-form";
import { formatDurationMinutes, parseDurationMinutes } from "./duration";
import type { StepType } from "./graph-types";
import { stepConfigSchemas } from "./step-configs";
import { configFromWire, configToWire } from "./wire-config";

// The side panel's form for one journey step. Its values are text fields, a split's variants
// and, for configs the panel has no fields for (a rule group, a contact update, a service
// trigger), the config as JSON. They are turned into the step's config and checked with the
// same zod schema the API checks it with (step-configs.ts), each issue shown on its field.

export interface StepFormValues {
  fields: Record<string, string>;
  variants: { name: string; weight: number }[];
  json: string;
  /** A send_email step's visual design (fields.html is rendered from it); null: HTML as code. */
  design?: unknown;
}

/** The text fields each type is edited through; the rest is edited as JSON. */
const FIELDS: Partial<Record<StepType, readonly string[]>> = {
  delay: ["duration"],
  send_email: ["subject", "html", "templateId", "from", "replyTo"],
  wait_for_event: ["eventName", "timeout"],
  add_to_segment: ["segmentId"],
  exit: ["reason"],
};

export type StepFormMode = "fields" | "rule" | "variants" | "json" | "none";

/** How a step is edited: a plain property condition gets fields; another rule, JSON. */
export function formMode(type: StepType, wireConfig: Record<string, unknown>): StepFormMode {
  if (type === "contact_delete") return "none";
  if (type === "split") return "variants";
  if (type === "condition") return wireConfig.type === "rule" || wireConfig.type === undefined ? "rule" : "json";
  if (type === "trigger" && (wireConfig.event_name !== undefined || Object.keys(wireConfig).length === 0)) return "fields";
  return FIELDS[type] ? "fields" : "json";
}

const text = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "string" ? v : JSON.stringify(v));

/** A step's API config as form values. */
export function toFormValues(type: StepType, wireConfig: Record<string, unknown>): StepFormValues {
  const c = configFromWire(type, wireConfig);
  const mode = formMode(type, wireConfig);
  const fields: Record<string, string> = {};
  if (mode === "fields" && type === "trigger") fields.eventName = text(c.eventName);
  else if (mode === "fields") for (const f of FIELDS[type] ?? []) fields[f] = text(c[f]);
  if (type === "delay") {
    const minutes = parseDurationMinutes(c.duration ?? c.minutes);
    fields.duration = typeof c.duration === "string" ? c.duration : minutes === null ? "" : formatDurationMinutes(minutes);
  }
  if (type === "send_email") fields.templateId = text((c.template as { id?: string } | undefined)?.id);
  if (mode === "rule") for (const f of ["field", "operator", "value"]) fields[f] = text(c[f]);
  if (mode === "rule" && !fields.operator) fields.operator = "eq";
  const variants = ((c.variants as { name?: string; weight?: number }[] | undefined) ?? []).map((v) => ({
    name: v.name ?? "",
    weight: Number(v.weight) || 0,
  }));
  const design = type === "send_email" && c.design ? c.design : null;
  return { fields, variants, json: mode === "json" ? JSON.stringify(wireConfig, null, 2) : "", design };
}

/**
 * Form values as the step's config (the graph's camelCase names): empty optional fields left
 * out, what the fields do not cover kept from `previous`. JSON is in the API's names. Throws a
 * SyntaxError on bad JSON.
 */
export function toConfig(
  type: StepType,
  mode: StepFormMode,
  values: StepFormValues,
  previous: Record<string, unknown>,
): Record<string, unknown> {
  const f = values.fields;
  const set = (o: Record<string, unknown>, k: string, v: string | undefined) => {
    if (v !== undefined && v.trim() !== "") o[k] = v;
  };
  if (mode === "none") return {};
  if (mode === "json") return configFromWire(type, JSON.parse(values.json || "{}"));
  if (mode === "variants") return { variants: values.variants.map((v) => ({ name: v.name.trim(), weight: Number(v.weight) })) };
  if (mode === "rule") {
    const rule: Record<string, unknown> = { type: "rule", field: f.field ?? "", operator: f.operator || "eq" };
    if (!["exists", "is_empty"].includes(rule.operator as string)) rule.value = f.value ?? "";
    return rule;
  }
  const out: Record<string, unknown> = {};
  switch (type) {
    case "trigger":
      out.eventName = f.eventName ?? "";
      break;
    case "delay":
      out.duration = f.duration ?? "";
      break;
    case "wait_for_event":
      out.eventName = f.eventName ?? "";
      set(out, "timeout", f.timeout);
      if (previous.filterRule !== undefined) out.filterRule = previous.filterRule;
      break;
    case "send_email":
      if (f.templateId?.trim()) {
        const variables = (previous.template as { variables?: unknown } | undefined)?.variables;
        out.template = { id: f.templateId.trim(), ...(variables ? { variables } : {}) };
        set(out, "subject", f.subject);
      } else {
        out.subject = f.subject ?? "";
        out.html = f.html ?? "";
        if (values.design) out.design = values.design;
      }
      if (previous.topicId !== undefined) out.topicId = previous.topicId;
      set(out, "from", f.from);
      set(out, "replyTo", f.replyTo);
      break;
    case "add_to_segment":
      out.segmentId = f.segmentId ?? "";
      break;
    case "exit":
      set(out, "reason", f.reason);
      break;
  }
  return out;
}

/** The form field an issue at `path` of the config belongs on. */
function fieldFor(mode: StepFormMode, type: StepType, path: PropertyKey[]): string {
  if (mode === "json") return "json";
  if (mode === "variants")
    return path[0] === "variants" && typeof path[1] === "number" ? `variants.${path[1]}.${String(path[2] ?? "name")}` : "variants";
  const first = String(path[0] ?? "");
  if (type === "send_email" && first === "template") return "fields.templateId";
  if (type === "send_email" && first === "") return "fields.subject";
  if (type === "delay" && (first === "" || first === "minutes")) return "fields.duration";
  if (mode === "rule" && first === "") return "fields.field";
  if (type === "trigger") return "fields.eventName";
  return first ? `fields.${first}` : "json";
}

type Issue = { code: string; path: PropertyKey[]; message: string; errors?: Issue[][] };

/**
 * A union's issue as the issues of the branch that came closest (the fewest issues): "duration
 * must be a duration" rather than "Invalid input" for a delay of {duration} or {minutes}.
 */
function closestBranch(issue: Issue): Issue[] {
  if (issue.code !== "invalid_union" || !issue.errors?.length) return [issue];
  const best = [...issue.errors].sort((a, b) => a.length - b.length)[0];
  if (!best.length) return [issue];
  return best.flatMap((i) => closestBranch({ ...i, path: [...issue.path, ...i.path] }));
}

/** Validates the form with the API's schema for the step's type; the values stay as typed. */
export function stepFormResolver(type: StepType, mode: StepFormMode, previous: Record<string, unknown>): Resolver<StepFormValues> {
  return async (values) => {
    let config: Record<string, unknown>;
    try {
      config = toConfig(type, mode, values, previous);
    } catch {
      return { values: {}, errors: { json: { type: "json", message: "This is not valid JSON" } } as FieldErrors<StepFormValues> };
    }
    const parsed = stepConfigSchemas[type].safeParse(config);
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues.flatMap(closestBranch)) {
      const name = fieldFor(mode, type, issue.path);
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    // Nested names ("fields.duration") as nested objects, the shape react-hook-form reads.
    const nested: Record<string, unknown> = {};
    for (const [name, error] of Object.entries(errors)) {
      const parts = name.split(".");
      let at = nested;
      for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
      at[parts[parts.length - 1]] = error;
    }
    return { values: {}, errors: nested as FieldErrors<StepFormValues> };
  };
}

/** The config to store, in the API's names. */
export function wireConfigOf(type: StepType, mode: StepFormMode, values: StepFormValues, previous: Record<string, unknown>) {
  return configToWire(type, toConfig(type, mode, values, previous));
}
