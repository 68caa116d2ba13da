import { MAX_STEPS, type TriggerConfig, type TriggerType } from "../schemas";
import { formatDurationMinutes } from "./duration";
import type { Graph, GraphStep } from "./graph-types";
import { delayMinutesOf } from "./step-configs";

// A linear automation (the spec's steps: each a delay, then an email) is the graph
// trigger -> (delay -> send_email)*, a delay of 0 drawn as no delay step. These two functions
// map one form to the other, so an automation reads the same through either API.

export interface LinearStepRow {
  id: string;
  key: string | null;
  delayKey: string | null;
  delayMinutes: number;
  subject: string | null;
  bodyHtml: string | null;
  templateId: string | null;
  /** The visual editor's blocks bodyHtml is rendered from (null: none). */
  design?: unknown;
}

export interface LinearStep {
  key: string;
  delayKey: string | null;
  delayMinutes: number;
  subject: string | null;
  bodyHtml: string | null;
  templateId: string | null;
  /** The visual editor's blocks bodyHtml is rendered from (null: none). */
  design: unknown;
}

export interface Trigger {
  triggerType: TriggerType;
  triggerConfig: TriggerConfig;
}

/** The trigger step's config for a stored trigger, and back. */
export function triggerStepConfig(t: { triggerType: string; triggerConfig: unknown }): Record<string, unknown> {
  return t.triggerType === "event"
    ? { eventName: (t.triggerConfig as { eventName: string }).eventName }
    : { triggerType: t.triggerType, triggerConfig: t.triggerConfig };
}

export function triggerFromStep(config: Record<string, unknown>): Trigger {
  return typeof config.eventName === "string"
    ? { triggerType: "event", triggerConfig: { eventName: config.eventName } }
    : { triggerType: config.triggerType as TriggerType, triggerConfig: config.triggerConfig as TriggerConfig };
}

/** The graph of a linear automation's steps (in position order). */
export function graphFromLinear(
  automation: { triggerKey: string; triggerType: string; triggerConfig: unknown },
  rows: LinearStepRow[],
): Graph {
  const steps: GraphStep[] = [{ key: automation.triggerKey, type: "trigger", config: triggerStepConfig(automation) }];
  const connections: Graph["connections"] = [];
  let previous = automation.triggerKey;
  for (const row of rows) {
    if (row.delayMinutes > 0) {
      const key = row.delayKey ?? `${row.id}_delay`;
      steps.push({ key, type: "delay", config: { duration: formatDurationMinutes(row.delayMinutes) } });
      connections.push({ from: previous, to: key, type: "default" });
      previous = key;
    }
    const key = row.key ?? row.id;
    const config = row.templateId
      ? { template: { id: row.templateId } }
      : { subject: row.subject ?? "", html: row.bodyHtml ?? "", ...(row.design ? { design: row.design } : {}) };
    steps.push({ key, type: "send_email", config });
    connections.push({ from: previous, to: key, type: "default" });
    previous = key;
  }
  return { steps, connections };
}

/**
 * The spec's steps for a graph that is trigger -> (delay? -> send_email)+ with nothing the
 * spec's steps cannot hold (a per-step sender, template variables, a trailing delay), or null.
 */
export function linearFromGraph(graph: Graph): { trigger: Trigger; triggerKey: string; steps: LinearStep[] } | null {
  const trigger = graph.steps.find((s) => s.type === "trigger");
  if (!trigger || graph.connections.some((c) => c.type !== "default")) return null;
  if (graph.connections.length !== graph.steps.length - 1) return null;
  const byKey = new Map(graph.steps.map((s) => [s.key, s]));
  const next = new Map(graph.connections.map((c) => [c.from, c.to]));
  const steps: LinearStep[] = [];
  let pendingDelay: GraphStep | null = null;
  let key = next.get(trigger.key);
  let visited = 1;
  while (key !== undefined) {
    const step = byKey.get(key);
    if (!step || ++visited > graph.steps.length) return null;
    if (step.type === "delay") {
      if (pendingDelay) return null;
      pendingDelay = step;
    } else if (step.type === "send_email") {
      const c = step.config as {
        template?: { id: string; variables?: unknown };
        subject?: string;
        html?: string;
        from?: string;
        replyTo?: string;
        topicId?: string;
        design?: unknown;
      };
      if (c.from || c.replyTo || c.topicId || (c.template && (c.template.variables || c.subject !== undefined))) return null;
      const delayMinutes = pendingDelay ? delayMinutesOf(pendingDelay.config) : 0;
      // A delay of 0 has no delay step in the linear form.
      if (pendingDelay && delayMinutes === 0) return null;
      steps.push({
        key: step.key,
        delayKey: pendingDelay?.key ?? null,
        delayMinutes,
        subject: c.template ? null : (c.subject ?? null),
        bodyHtml: c.template ? null : (c.html ?? null),
        templateId: c.template?.id ?? null,
        design: c.template ? null : (c.design ?? null),
      });
      pendingDelay = null;
    } else return null;
    key = next.get(key);
  }
  if (pendingDelay || visited !== graph.steps.length || !steps.length || steps.length > MAX_STEPS) return null;
  return { trigger: triggerFromStep(trigger.config), triggerKey: trigger.key, steps };
}
