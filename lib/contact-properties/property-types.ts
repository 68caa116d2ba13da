import type { ContactPropertyType } from "@/lib/generated/prisma/enums";

// What a value of each declared contact property type is. Dates are ISO 8601 strings (a day,
// or a date-time with Z or an offset), stored as given, so they compare as dates and read back
// as written.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value.replace(" ", "T")));
}

const described: Record<ContactPropertyType, string> = {
  string: "a string",
  number: "a number",
  boolean: "true or false",
  date: "an ISO 8601 date like 2026-01-31 or 2026-01-31T09:00:00Z",
};

/** Null when `value` is of `type`, else what it must be ("must be a number"). */
export function propertyValueProblem(type: ContactPropertyType, value: unknown): string | null {
  const ok =
    type === "string"
      ? typeof value === "string"
      : type === "number"
        ? typeof value === "number" && Number.isFinite(value)
        : type === "boolean"
          ? typeof value === "boolean"
          : typeof value === "string" && isIsoDate(value);
  return ok ? null : `must be ${described[type]}`;
}

/**
 * A CSV cell as a value of `type` (CSV cells are text): numbers and booleans are parsed,
 * dates checked. `{ problem }` when the text is not one.
 */
export function parsePropertyText(type: ContactPropertyType, text: string): { value: string | number | boolean } | { problem: string } {
  const t = text.trim();
  if (type === "number") {
    const n = t === "" ? NaN : Number(t);
    return Number.isFinite(n) ? { value: n } : { problem: `must be a number` };
  }
  if (type === "boolean") {
    const lower = t.toLowerCase();
    if (lower === "true" || lower === "yes" || lower === "1") return { value: true };
    if (lower === "false" || lower === "no" || lower === "0") return { value: false };
    return { problem: "must be true or false" };
  }
  if (type === "date") return isIsoDate(t) ? { value: t } : { problem: `must be ${described.date}` };
  return { value: text };
}
