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
// The API's limits: a range of at most 400 days, hourly buckets over at most 7.
const MAX_RANGE_DAYS = 400;
export const MAX_HOURLY_DAYS = 7;

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

const PRESETS: RangePreset[] = ["7d", "30d", "90d", "custom"];
const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;

/** The URL's search params for the filters: only what differs from the defaults (30 days, daily). */
export function overviewSearchParams(values: OverviewFilterValues, interval: "day" | "hour") {
  const search = new URLSearchParams();
  if (values.preset !== "30d") search.set("range", values.preset);
  if (values.preset === "custom") {
    if (values.customFrom) search.set("from", values.customFrom);
    if (values.customTo) search.set("to", values.customTo);
  }
  if (interval === "hour") search.set("interval", "hour");
  if (values.automationId) search.set("automation", values.automationId);
  if (values.domain) search.set("domain", values.domain);
  return search;
}

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.slice(0, 200) ?? "";

/** The filters a URL names, unknown values falling back to the defaults. */
export function overviewValuesFromSearch(
  search: SearchParams,
  now = Date.now(),
): { values: OverviewFilterValues; interval: "day" | "hour" } {
  const range = first(search.range);
  const from = first(search.from);
  const to = first(search.to);
  return {
    values: {
      preset: PRESETS.includes(range as RangePreset) ? (range as RangePreset) : "30d",
      customFrom: DATE_INPUT.test(from) ? from : toDateInput(now - 29 * DAY),
      customTo: DATE_INPUT.test(to) ? to : toDateInput(now),
      automationId: first(search.automation),
      domain: first(search.domain),
    },
    interval: first(search.interval) === "hour" ? "hour" : "day",
  };
}
