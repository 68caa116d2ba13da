import fc from "fast-check";
import { z } from "zod";

// Arbitraries for the fuzz tier: hostile JSON values, and well-formed-ish values derived from a
// route's zod schema (through z.toJSONSchema) with one field at a time going wrong, so the
// generated requests get past validation into the domain code as well as failing it.

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "\uFEFF",
  "\u202Egnp.exe",
  "😀".repeat(500),
  "null",
  "NaN",
  "Infinity",
  "-1",
  "1e308",
  "0x10",
  "0",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "{{#a}}{{/a}}",
  "{{{x}}}",
  "{{> partial}}",
  "{{=<% %>=}}",
  '\'; DROP TABLE "Account"; --',
  "../../etc/passwd",
  "%00",
  "%",
  "\r\nBcc: x@evil.test",
  "a@b",
  "@",
  "x@y@z.test",
  "2024-02-30T25:61:00Z",
  "+275760-09-13T00:00:00.001Z",
  "9999-12-31T23:59:59Z",
  "javascript:alert(1)",
  "http://169.254.169.254/latest/meta-data",
  "x".repeat(70_000),
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1000, maxLength: 5000 }) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 0, -0, -1, 2 ** 53 + 1, 2 ** 31, -(2 ** 31) - 1, 1.5, 5e-324),
);

export const nastyScalar: fc.Arbitrary<unknown> = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));

const nastyKey = fc.oneof(fc.constantFrom("__proto__", "constructor", "", "a.b", "$where", "\u0000"), fc.string({ maxLength: 12 }));

/** Any JSON value, hostile scalars at the leaves, a few levels of nesting. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyScalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(nastyKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Raw bodies that are not (valid) JSON documents, or nest far deeper than any schema. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", " ", "{", "nul", '{"a":}', "[1,]", "\u0000", '{"a":"\\ud800"}', "1e999999", '"\\u0000"'),
  fc.integer({ min: 100, max: 20_000 }).map((n) => "[".repeat(n) + "]".repeat(n)),
  fc.integer({ min: 100, max: 20_000 }).map((n) => '{"a":'.repeat(n) + "1" + "}".repeat(n)),
  fc.string({ unit: "binary", maxLength: 60 }),
);

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
};

/** Per field name: values that reach deep code paths (a verified sender, real ids, ...). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any", cycles: "ref", reused: "inline" }) as JsonSchema;
}

/** Well-formed-ish values of `schema`: every field of the right shape, or (1 in 6) a hostile one. */
export function fromJsonSchema(root: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const build = (s: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
    if (depth > 6) return nastyScalar;
    if (s.$ref) {
      const name = s.$ref.replace(/^#\/\$defs\//, "");
      const target = s.$ref === "#" ? root : root.$defs?.[name];
      return target ? build(target, depth + 1) : anyJson;
    }
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((a) => build(a, depth + 1)));
    if (s.allOf?.length) return build(s.allOf[0], depth + 1);
    if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => build({ ...s, type }, depth)));
    switch (s.type) {
      case "string": {
        if (s.format === "email") return fc.emailAddress();
        if (s.format === "date-time") return isoDate;
        if (s.format === "uri" || s.format === "url") return fc.webUrl();
        const min = s.minLength ?? 0;
        return fc.string({ minLength: min, maxLength: Math.min(s.maxLength ?? min + 40, min + 40) });
      }
      case "integer": {
        const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
        const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
        return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) });
      }
      case "number":
        return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array": {
        if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => build(p, depth + 1)));
        const min = s.minItems ?? 0;
        return fc.array(s.items ? field(s.items, depth + 1) : anyJson, {
          minLength: min,
          maxLength: Math.min(s.maxItems ?? min + 3, min + 3),
        });
      }
      case "object": {
        const props = Object.entries(s.properties ?? {});
        if (!props.length && s.additionalProperties && typeof s.additionalProperties === "object") {
          return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), field(s.additionalProperties, depth + 1), { maxKeys: 4 });
        }
        const shape = Object.fromEntries(props.map(([name, p]) => [name, hinted(name, field(p, depth + 1))]));
        return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in shape) });
      }
      default:
        return anyJson;
    }
  };
  const hinted = (name: string, arb: fc.Arbitrary<unknown>) => (hints[name] ? fc.oneof({ weight: 3, arbitrary: hints[name] }, arb) : arb);
  const field = (s: JsonSchema, depth: number) => fc.oneof({ weight: 5, arbitrary: build(s, depth) }, { weight: 1, arbitrary: anyJson });
  return build(root, 0);
}

export const isoDate: fc.Arbitrary<string> = fc
  .integer({ min: -400 * 86_400_000, max: 400 * 86_400_000 })
  .map((offset) => new Date(Date.now() + offset).toISOString());

/** A request body: mostly schema-shaped (sometimes with extra fields), else any JSON or raw text. */
export function bodyArbitrary(
  schema: JsonSchema | undefined,
  hints: Hints,
  example?: object,
): fc.Arbitrary<{ json?: unknown; raw?: string; contentType?: string }> {
  const derived = schema ? fromJsonSchema(schema, hints) : anyJson;
  // A known-good body with at most one field (or item) made hostile: gets deep into routes whose
  // schema is too rich for a generated body to pass often (a send, an automation with steps).
  const keys = Object.keys(example ?? {});
  const mutated = !keys.length
    ? derived
    : Array.isArray(example)
      ? fc.oneof(
          fc.constant(example),
          anyJson.map((v) => [...example, v]),
          fc.constant(Array(101).fill(example[0])),
        )
      : fc.oneof(
          fc.constant(example),
          fc.tuple(fc.constantFrom(...keys), anyJson).map(([k, v]) => ({ ...example, [k]: v })),
        );
  const shaped = fc.oneof(derived, mutated);
  const withExtra = fc
    .tuple(shaped, fc.dictionary(nastyKey, nastyScalar, { minKeys: 1, maxKeys: 3 }))
    .map(([v, extra]) => (v && typeof v === "object" && !Array.isArray(v) ? { ...extra, ...v } : v));
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((json) => ({ json })) },
    { weight: 1, arbitrary: withExtra.map((json) => ({ json })) },
    { weight: 2, arbitrary: anyJson.map((json) => ({ json })) },
    { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "").map((contentType) => ({ raw: "a=1", contentType })),
    },
  );
}

const RAW_QUERIES = ["?%", "?limit=%ZZ", "?a&&=&", "?limit=1&limit=2", "?offset=-0", "?limit=1e2", "?limit=%00", "?status=%F0%9F"];

/** A query string (with its leading "?" or empty): schema-shaped values as strings, or hostile ones. */
export function queryArbitrary(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<string> {
  const names = Object.keys(schema?.properties ?? {});
  const value = (name: string) => {
    const shaped = schema ? fromJsonSchema(schema.properties![name], {}) : nastyString;
    return fc
      .oneof({ weight: 3, arbitrary: hints[name] ?? shaped }, { weight: 3, arbitrary: shaped }, nastyString, nastyNumber)
      .map(String);
  };
  const pairs = fc.tuple(
    names.length ? fc.record(Object.fromEntries(names.map((n) => [n, value(n)])), { requiredKeys: [] }) : fc.constant({}),
    fc.dictionary(nastyKey, nastyString, { maxKeys: 2 }),
  );
  const built = pairs.map(([known, extra]) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...extra, ...known })) params.append(k, toWellFormed(v as string));
    const text = params.toString();
    return text ? `?${text}` : "";
  });
  return fc.oneof({ weight: 8, arbitrary: built }, { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) });
}

/** Lone surrogates cannot be put in a URL (a client encodes them as U+FFFD too). */
export function toWellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
