import type { TriggerConfig, TriggerType } from "../schemas";

// Pre-built automation scenarios (spec: 43 across 7 industries). Each is a body that
// POST /api/v1/automations accepts unchanged (id and industry are ignored there).

export const INDUSTRIES = ["saas", "ecommerce", "education", "fitness", "real_estate", "hospitality", "nonprofit"] as const;
export type Industry = (typeof INDUSTRIES)[number];

export interface ScenarioStep {
  delayMinutes: number;
  subject: string;
  bodyHtml: string;
}

export interface Scenario {
  id: string;
  industry: Industry;
  name: string;
  description: string;
  triggerType: TriggerType;
  triggerConfig: TriggerConfig;
  /** The event that means the scenario did its job: a contact who does it gets no more of its emails. */
  goal?: { eventName: string };
  steps: ScenarioStep[];
}

// The spec's delay table (minutes), by name: scenarios use only these values.
export const DELAY = {
  now: 0,
  hour: 60,
  twoHours: 120,
  day: 1440,
  twoDays: 2880,
  threeDays: 4320,
  fiveDays: 7200,
  week: 10080,
  tenDays: 14400,
  twoWeeks: 20160,
  threeWeeks: 30240,
  month: 43200,
} as const;

const FOOTER = `<p style="color:#6b7280;font-size:12px">You are receiving this because you are a contact of {{company}} · <a href="{{unsubscribe_url}}">Unsubscribe</a></p>`;

/** One email step: paragraphs become <p> blocks, with the unsubscribe footer appended. */
export function email(delayMinutes: number, subject: string, ...paragraphs: string[]): ScenarioStep {
  return { delayMinutes, subject, bodyHtml: `${paragraphs.map((p) => `<p>${p}</p>`).join("")}${FOOTER}` };
}

export function listJoin(listName: string) {
  return { triggerType: "list_join" as const, triggerConfig: { listName } };
}

export function propertyEquals(property: string, value: string) {
  return { triggerType: "property_equals" as const, triggerConfig: { property, value } };
}

export function propertyChanged(property: string, from: string | undefined, to: string | undefined) {
  const config: { property: string; from?: string; to?: string } = { property };
  if (from !== undefined) config.from = from;
  if (to !== undefined) config.to = to;
  return { triggerType: "property_changed" as const, triggerConfig: config };
}

export function defineScenarios(
  industry: Industry,
  list: (Omit<Scenario, "industry" | "triggerType" | "triggerConfig"> & {
    trigger: { triggerType: TriggerType; triggerConfig: TriggerConfig };
  })[],
): Scenario[] {
  return list.map(({ trigger, ...rest }) => ({ ...rest, industry, ...trigger }));
}
