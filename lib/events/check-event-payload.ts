import type { EventSchemaMap } from "./schemas";

/**
 * What is wrong with an event's payload against its declared schema, as the issues of a 400
 * (`path` names the payload key), or none. A key the schema declares must, when present, have
 * its type: a `date` is an ISO 8601 date or date-time string. Keys the schema does not name, and
 * declared keys left out or null, pass: the schema types what is sent, it does not require it.
 */
export function checkEventPayload(
  name: string,
  schema: EventSchemaMap,
  payload: Record<string, unknown>,
  field = "payload",
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  for (const [key, type] of Object.entries(schema)) {
    const value = payload[key];
    if (value === undefined || value === null || matches(type, value)) continue;
    issues.push({ path: `${field}.${key}`, message: `must be a ${type}, as the schema of event "${name}" declares` });
  }
  return issues;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function matches(type: EventSchemaMap[string], value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "date":
      return typeof value === "string" && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
  }
}
