import type { AnalyticsFilters } from "@/lib/hooks/use-analytics";

export type RangePreset = "7d" | "30d" | "90d" | "custom";

/** What the filter bar edits; custom dates as the date inputs hold them (YYYY-MM-DD, local). */
export interface OverviewFilterValues {
  preset: RangePreset;
  customFrom: string;
  customTo: string;
  automationId: string;
  domain: string;
}

export const PRESET_DAYS: Record<Exclude<RangePreset, "custom">, number> = { "7d": 7, "30d": 30, "90d": 90 };

const DAY = 86_400_000;
// The API's limits: a range of at most 400 days, hourly buckets over at most 31.
const MAX_RANGE_DAYS = 400;
export const MAX_HOURLY_DAYS = 31;

export interface ResolvedRange {
  current: AnalyticsFilters;
  /** The period of the same length just before, for the KPI changes. */
  previous: AnalyticsFilters;
  days: number;
}

export function toDateInput(time: number) {
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * The current and previous ranges, or an error to show for custom dates the API would refuse.
 * `now` is fixed by the caller so the query keys stay stable between renders.
 */
export function resolveRange(values: OverviewFilterValues, now: number): ResolvedRange | { error: string } {
  let from: number;
  let to: number;
  if (values.preset === "custom") {
    if (!values.customFrom || !values.customTo) return { error: "Pick a start and an end date." };
    from = new Date(`${values.customFrom}T00:00:00`).getTime();
    // The end date is included: the range runs to the start of the next day (or now, if sooner).
    to = Math.min(new Date(`${values.customTo}T00:00:00`).getTime() + DAY, now);
    if (Number.isNaN(from) || Number.isNaN(to)) return { error: "Pick valid dates." };
    if (from >= to) return { error: "The start date must be before the end date, and not in the future." };
    if (to - from > MAX_RANGE_DAYS * DAY) return { error: `Pick a range of at most ${MAX_RANGE_DAYS} days.` };
  } else {
    to = now;
    from = now - PRESET_DAYS[values.preset] * DAY;
  }
  const length = to - from;
  const filters = { automationId: values.automationId || undefined, domain: values.domain || undefined };
  return {
    current: { from: new Date(from).toISOString(), to: new Date(to).toISOString(), ...filters },
    previous: { from: new Date(from - length).toISOString(), to: new Date(from).toISOString(), ...filters },
    days: length / DAY,
  };
}

/** "the previous 30 days", "the previous 36 hours" */
export function previousPeriodLabel(days: number) {
  if (days < 2) return `the previous ${Math.round(days * 24)} hours`;
  return `the previous ${Math.round(days)} days`;
}
