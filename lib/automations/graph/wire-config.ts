import type { StepType } from "./graph-types";

// The HTTP API carries step configs in snake_case (what the `resend` SDK sends and reads);
// the graph holds the camelCase names of the SDK's types. Only top-level fields are renamed:
// rules, template variables and property names pass through as they are.

const FIELDS: Partial<Record<StepType, Record<string, string>>> = {
  trigger: { eventName: "event_name", triggerType: "trigger_type", triggerConfig: "trigger_config" },
  send_email: { replyTo: "reply_to", topicId: "topic_id" },
  wait_for_event: { eventName: "event_name", filterRule: "filter_rule" },
  contact_update: { firstName: "first_name", lastName: "last_name" },
  add_to_segment: { segmentId: "segment_id" },
};

function rename(config: Record<string, unknown>, map: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).map(([k, v]) => [map[k] ?? k, v]));
}

/** A config as the API received it, in the graph's names. */
export function configFromWire(type: string, config: unknown): Record<string, unknown> {
  const c = typeof config === "object" && config !== null && !Array.isArray(config) ? (config as Record<string, unknown>) : {};
  const map = FIELDS[type as StepType];
  return map ? rename(c, Object.fromEntries(Object.entries(map).map(([camel, snake]) => [snake, camel]))) : c;
}

/** A config in the API's names. */
export function configToWire(type: StepType, config: Record<string, unknown>): Record<string, unknown> {
  const map = FIELDS[type];
  return map ? rename(config, map) : config;
}
