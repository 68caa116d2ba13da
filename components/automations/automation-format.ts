import { buildStepVariables } from "@/lib/automations/steps/step-variables";
import { renderTemplate, unfilledVariables } from "@/lib/templates/render";
import type { LayoutContent } from "@/lib/layouts/layout-content";

// The spec's delay table (minutes): the presets the builder offers before "Custom".
export const DELAY_PRESETS = [0, 60, 120, 1440, 2880, 4320, 7200, 10080, 14400, 20160, 30240, 43200] as const;

const UNITS: [number, string][] = [
  [10080, "week"],
  [1440, "day"],
  [60, "hour"],
  [1, "minute"],
];

/** 2880 -> "2 days", 90 -> "1 hour 30 minutes", 0 -> "Immediately". */
export function formatDelay(minutes: number): string {
  if (minutes === 0) return "Immediately";
  // Weeks only when whole: "10 days" reads better than "1 week 3 days".
  const units = minutes % 10080 === 0 ? UNITS : UNITS.slice(1);
  const parts: string[] = [];
  let rest = minutes;
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
      rest -= count * size;
    }
  }
  return parts.join(" ");
}

/** "Wait 2 days" / "Send immediately". */
export function delayLabel(minutes: number): string {
  return minutes === 0 ? "Send immediately" : `Wait ${formatDelay(minutes)}`;
}

export const TRIGGER_LABELS: Record<string, string> = {
  list_join: "Contact joins a list",
  property_equals: "Property equals a value",
  property_changed: "Property changes",
  event: "Contact does an event",
  segment_entry: "Contact enters a segment",
};

/** "Joins list Newsletter", "plan is pro", "plan changes from trial to pro", "Enters segment Active trials". */
export function triggerSummary(type: string, config: unknown, segmentNames?: ReadonlyMap<string, string>): string {
  const c = (config ?? {}) as Record<string, string | undefined>;
  if (type === "segment_entry") return `Enters segment ${segmentNames?.get(c.segmentId ?? "") ?? c.segmentId ?? "?"}`;
  if (type === "list_join") return `Joins list ${c.listName ?? "?"}`;
  if (type === "event") return `Event “${c.eventName ?? "?"}”`;
  if (type === "property_equals") return `${c.property ?? "?"} is “${c.value ?? ""}”`;
  if (type === "property_changed") {
    const from = c.from === undefined ? "" : ` from “${c.from}”`;
    const to = c.to === undefined ? "" : ` to “${c.to}”`;
    return `${c.property ?? "?"} changes${from}${to}`;
  }
  return type;
}

// The variables every step can use, with the values previews show.
export const STEP_VARIABLES = ["name", "email", "company", "list_name", "unsubscribe_url"] as const;

export const SAMPLE_VARIABLES: Record<(typeof STEP_VARIABLES)[number], string> = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  company: "Acme Inc.",
  list_name: "Newsletter",
  unsubscribe_url: "https://example.com/u/sample",
};

/**
 * The variables a preview renders with: the ones a send builds (buildStepVariables), for a
 * sample contact without properties.
 */
export function sampleStepVariables(listName?: string): Record<string, unknown> {
  return buildStepVariables({
    contact: { email: SAMPLE_VARIABLES.email, name: SAMPLE_VARIABLES.name, properties: {} },
    companyName: SAMPLE_VARIABLES.company,
    listName: listName || SAMPLE_VARIABLES.list_name,
    unsubscribeUrl: SAMPLE_VARIABLES.unsubscribe_url,
  });
}

/**
 * The step rendered with the sample values; a syntax problem comes back as `error`. `unfilled`:
 * the variables it prints that are not built in, so only a contact's properties (or the trigger
 * event's) can fill them, and a contact without them gets nothing there.
 */
export function renderStepPreview(subject: string, html: string, listName?: string, layout: LayoutContent | null = null) {
  const variables = sampleStepVariables(listName);
  try {
    const rendered = renderTemplate({ subject, html }, variables, { layout });
    return {
      subject: rendered.subject,
      html: rendered.html,
      error: null as string | null,
      unfilled: unfilledVariables([subject, html], variables),
    };
  } catch (error) {
    return { subject, html: "", error: error instanceof Error ? error.message : "This step does not render", unfilled: [] as string[] };
  }
}

/** Credits one enrolled contact costs when every step is sent: one recipient per step. */
export function creditsPerContact(stepCount: number): number {
  return stepCount;
}
