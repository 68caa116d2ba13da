// Durations of delays, wait timeouts, rule windows and cooldowns: "30 minutes", "2 days",
// "1 week", an ISO 8601 duration ("PT30M", "P2D", "P1DT12H"), or {minutes}. Whole minutes.

const UNIT_MINUTES: Record<string, number> = { minute: 1, hour: 60, day: 1440, week: 10080 };
const WORDS = /^\s*(\d{1,7})\s*(minute|hour|day|week)s?\s*$/i;
const ISO = /^P(?:(\d{1,7})W)?(?:(\d{1,7})D)?(?:T(?:(\d{1,7})H)?(?:(\d{1,7})M)?)?$/i;

/** The duration in minutes, or null when it is not one of the forms above. */
export function parseDurationMinutes(value: unknown): number | null {
  if (typeof value === "object" && value !== null && "minutes" in value) {
    const m = (value as { minutes: unknown }).minutes;
    return typeof m === "number" && Number.isInteger(m) && m >= 0 ? m : null;
  }
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string") return null;
  const words = WORDS.exec(value);
  if (words) return Number(words[1]) * UNIT_MINUTES[words[2].toLowerCase()];
  const iso = ISO.exec(value.trim());
  if (iso && value.trim().length > 1 && !value.trim().toUpperCase().endsWith("T")) {
    const [, w, d, h, m] = iso.map((x) => Number(x ?? 0));
    return w * 10080 + d * 1440 + h * 60 + m;
  }
  return null;
}

/** Minutes as the duration text a reader expects: "2 days", "3 hours", "45 minutes". */
export function formatDurationMinutes(minutes: number): string {
  const [n, unit] =
    minutes > 0 && minutes % 1440 === 0
      ? [minutes / 1440, "day"]
      : minutes > 0 && minutes % 60 === 0
        ? [minutes / 60, "hour"]
        : [minutes, "minute"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}
