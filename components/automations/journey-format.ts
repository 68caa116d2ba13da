import { formatDurationMinutes, parseDurationMinutes } from "@/lib/automations/graph/duration";
import type { ConnectionType, StepPosition, StepType } from "@/lib/automations/graph/graph-types";
import { triggerSummary } from "./automation-format";
import type { REENTRY_POLICIES } from "@/lib/automations/graph/settings-schema";
import type { SendWindow } from "@/lib/automations/graph/send-window-schema";

// How a journey's steps and connections read on the canvas. Configs are in the API's
// snake_case names (what GET /api/v1/resend/automations/:id returns).

export interface JourneyStep {
  key: string;
  type: StepType;
  config: Record<string, unknown>;
  /** Where the canvas draws it, once moved by hand. */
  position?: StepPosition;
}
export interface JourneyConnection {
  from: string;
  to: string;
  type: ConnectionType;
  variant?: string;
}
/** What the SDK-shaped journey reads back of its settings. */
export interface JourneySettings {
  goal: { event_name: string } | { rule: unknown } | null;
  reentry: (typeof REENTRY_POLICIES)[number];
  cooldown: string | null;
  transactional: boolean;
  send_window: SendWindow | null;
}

export interface Journey extends JourneySettings {
  id: string;
  name: string;
  status: "enabled" | "disabled";
  steps: JourneyStep[];
  connections: JourneyConnection[];
}

export const STEP_LABELS: Record<StepType, string> = {
  trigger: "Trigger",
  delay: "Delay",
  send_email: "Send email",
  wait_for_event: "Wait for event",
  condition: "Condition",
  contact_update: "Update contact",
  contact_delete: "Delete contact",
  add_to_segment: "Add to segment",
  split: "A/B split",
  exit: "Exit",
};

/** What each type does, in the step picker. */
export const STEP_HINTS: Record<StepType, string> = {
  trigger: "What starts a run",
  delay: "Wait a fixed time",
  send_email: "An email, inline or from a template",
  wait_for_event: "Until the contact does an event, or a timeout",
  condition: "Yes or no on a property or behaviour",
  contact_update: "Set contact properties",
  contact_delete: "Delete the contact; the run ends",
  add_to_segment: "Add the contact to a list or segment",
  split: "Send runs down variants by weight",
  exit: "End the run here, with a reason",
};

const BRANCH_LABELS: Record<ConnectionType, string> = {
  default: "",
  condition_met: "Yes",
  condition_not_met: "No",
  event_received: "Event received",
  timeout: "Timed out",
  variant: "",
};

/** The label of a connection on the canvas: "Yes", "Timed out", "Variant B"; empty for a plain "then". */
export function branchLabel(c: { type: ConnectionType; variant?: string }): string {
  return c.type === "variant" ? `Variant ${c.variant ?? "?"}` : BRANCH_LABELS[c.type];
}

function durationText(value: unknown): string {
  const minutes = parseDurationMinutes(value);
  return minutes === null ? "?" : minutes === 0 ? "0 minutes" : formatDurationMinutes(minutes);
}

const OPERATORS: Record<string, string> = {
  eq: "is",
  neq: "is not",
  gt: ">",
  gte: "≥",
  lt: "<",
  lte: "≤",
  contains: "contains",
  starts_with: "starts with",
  ends_with: "ends with",
  exists: "is set",
  is_empty: "is empty",
};

/** A rule in a few words: "plan is “pro”", "opened an email", "all of 2 rules". */
export function ruleSummary(rule: unknown): string {
  const r = (rule ?? {}) as Record<string, unknown>;
  switch (r.type) {
    case "rule": {
      const op = OPERATORS[String(r.operator)] ?? String(r.operator ?? "?");
      const value = r.operator === "exists" || r.operator === "is_empty" ? "" : ` “${String(r.value ?? "")}”`;
      return `${String(r.field || "?")} ${op}${value}`;
    }
    case "and":
    case "or": {
      const n = Array.isArray(r.rules) ? r.rules.length : 0;
      return `${r.type === "and" ? "all" : "any"} of ${n} rule${n === 1 ? "" : "s"}`;
    }
    case "email":
      return `${String(r.action ?? "received")} an email${r.step_key || r.stepKey ? ` (${String(r.step_key ?? r.stepKey)})` : ""}${r.within ? ` within ${String(r.within)}` : ""}`;
    case "event":
      return `${r.negate ? "did not do" : "did"} “${String(r.event_name ?? r.eventName ?? "?")}”${r.within ? ` within ${String(r.within)}` : ""}`;
    case "segment":
      return `in segment ${String(r.segment_id ?? r.segmentId ?? "?")}`;
    default:
      return "No rule set";
  }
}

/** A step's config in one short line, for its node. */
export function stepSummary(step: JourneyStep): string {
  const c = step.config;
  switch (step.type) {
    case "trigger":
      if (c.event_name) return `Event “${String(c.event_name)}”`;
      return c.trigger_type ? triggerSummary(String(c.trigger_type), c.trigger_config) : "No trigger set";
    case "delay":
      return `Wait ${durationText(c.duration ?? c.minutes)}`;
    case "send_email": {
      const template = (c.template as { id?: string } | undefined)?.id;
      if (template) return `Template ${template}`;
      return c.subject ? String(c.subject) : "No subject yet";
    }
    case "wait_for_event":
      return `“${String(c.event_name || "?")}”, up to ${c.timeout === undefined ? "30 days" : durationText(c.timeout)}`;
    case "condition":
      return ruleSummary(c);
    case "contact_update": {
      const fields = [
        ...(["first_name", "last_name", "unsubscribed"] as const).filter((f) => c[f] !== undefined),
        ...Object.keys((c.properties as Record<string, unknown> | undefined) ?? {}),
      ];
      return fields.length ? `Sets ${fields.join(", ")}` : "Sets nothing yet";
    }
    case "contact_delete":
      return "Deletes the contact";
    case "add_to_segment":
      return c.segment_id ? `Segment ${String(c.segment_id)}` : "No segment yet";
    case "split": {
      const variants = (c.variants as { name?: string; weight?: number }[] | undefined) ?? [];
      const total = variants.reduce((n, v) => n + (Number(v.weight) || 0), 0) || 1;
      return variants.map((v) => `${v.name ?? "?"} ${Math.round(((Number(v.weight) || 0) / total) * 100)}%`).join(" · ");
    }
    case "exit":
      return c.reason ? String(c.reason) : "Ends the run";
    default:
      return "";
  }
}
