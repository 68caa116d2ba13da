// A journey's graph: typed steps joined by typed connections. Step configs are held in the
// camelCase names of the `resend` SDK's types (the wire uses snake_case: wire-config.ts).

export const STEP_TYPES = [
  "trigger",
  "delay",
  "send_email",
  "wait_for_event",
  "condition",
  "contact_update",
  "contact_delete",
  "add_to_segment",
  "split",
  "exit",
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const CONNECTION_TYPES = ["default", "condition_met", "condition_not_met", "event_received", "timeout", "variant"] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export interface GraphStep {
  key: string;
  type: StepType;
  config: Record<string, unknown>;
  /** Where the dashboard's canvas draws the step (its top-left corner); absent: laid out automatically. */
  position?: StepPosition;
}

export interface StepPosition {
  x: number;
  y: number;
}

/** A canvas position is a finite number in this range on either axis. */
export const MAX_CANVAS_COORDINATE = 100_000;

export interface GraphConnection {
  from: string;
  to: string;
  type: ConnectionType;
  /** A split's variant name (type "variant"). */
  variant?: string;
}

export interface Graph {
  steps: GraphStep[];
  connections: GraphConnection[];
}

/** The connection types a step of each type may start. */
export const OUTGOING: Record<StepType, readonly ConnectionType[]> = {
  trigger: ["default"],
  delay: ["default"],
  send_email: ["default"],
  wait_for_event: ["event_received", "timeout"],
  condition: ["condition_met", "condition_not_met"],
  contact_update: ["default"],
  contact_delete: [],
  add_to_segment: ["default"],
  split: ["variant"],
  exit: [],
};

/** The step a run goes to from `key` along `type` (and `variant`), if any. */
export function nextKey(graph: Graph, key: string, type: ConnectionType, variant?: string): string | null {
  const c = graph.connections.find((x) => x.from === key && x.type === type && (type !== "variant" || x.variant === variant));
  return c?.to ?? null;
}
