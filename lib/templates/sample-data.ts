import { z } from "zod";
import { utf8Bytes } from "./utf8-bytes";

// A template's sample values: one string per variable path as written in the
// template ("name", "contact.plan"), saved with it for the preview and "Send test". Bounded so
// a template row stays small.
export const SAMPLE_DATA_MAX_KEYS = 200;
export const SAMPLE_DATA_VALUE_MAX = 2000;
export const SAMPLE_DATA_MAX_BYTES = 32 * 1024;

export const sampleDataSchema = z
  .record(
    // Any name the template uses as written (what mustache accepts is wider than the API's variables).
    z.string().min(1, "sample data names must not be empty").max(200, "sample data names are at most 200 characters"),
    z
      .string({ message: "sample data values must be strings" })
      .max(SAMPLE_DATA_VALUE_MAX, `sample data values are at most ${SAMPLE_DATA_VALUE_MAX} characters`),
    {
      error: (issue) =>
        issue.code === "invalid_key"
          ? "sample data names are 1 to 200 characters"
          : "sampleData must be an object of variable names to string values",
    },
  )
  .refine((data) => Object.keys(data).length <= SAMPLE_DATA_MAX_KEYS, `sampleData holds at most ${SAMPLE_DATA_MAX_KEYS} values`)
  .refine(
    (data) => utf8Bytes(JSON.stringify(data)) <= SAMPLE_DATA_MAX_BYTES,
    `sampleData must be at most ${SAMPLE_DATA_MAX_BYTES / 1024} KB as JSON`,
  );

export type SampleData = z.infer<typeof sampleDataSchema>;

/** The stored column as sample data: anything else (never written by the API) reads as none. */
export function readSampleData(value: unknown): SampleData {
  const parsed = sampleDataSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** Sets an own property, whatever its name: "__proto__" too, without touching any prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** { "contact.plan": "pro", name: "Ada" } -> { contact: { plan: "pro" }, name: "Ada" }. */
export function nestSampleValues(values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Shorter paths first, so a nested value replaces a plain one of the same top-level name.
  for (const path of Object.keys(values).sort((a, b) => a.length - b.length)) {
    const parts = path.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) {
      // Own properties only: a name like __proto__ or constructor must not reach a prototype.
      let next = Object.hasOwn(node, part) ? node[part] : undefined;
      if (typeof next !== "object" || next === null) {
        next = {};
        setOwn(node, part, next);
      }
      node = next as Record<string, unknown>;
    }
    setOwn(node, parts[parts.length - 1], values[path]);
  }
  return out;
}
