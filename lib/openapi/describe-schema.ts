// Reads the JSON Schemas of the OpenAPI document for the API reference page: a short type label
// for any schema, and the rows of an object's properties with their nested rows. References
// (#/components/schemas/Name) resolve against the document's components; a schema already being
// described higher up the same branch is named, not expanded again, so recursive schemas end.

export type JsonSchema = Record<string, unknown>;
export type SchemaComponents = Record<string, unknown>;

export interface PropertyRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  values?: string[];
  children: PropertyRow[];
}

const REF_PREFIX = "#/components/schemas/";
/** Rows nested deeper than this are named by their type only. */
export const MAX_SCHEMA_DEPTH = 4;

function refName(schema: JsonSchema): string | undefined {
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined;
}

export function resolveSchema(schema: JsonSchema, components: SchemaComponents): JsonSchema {
  const name = refName(schema);
  if (name === undefined) return schema;
  const target = components[name];
  return target && typeof target === "object" ? (target as JsonSchema) : {};
}

function variants(schema: JsonSchema): JsonSchema[] | undefined {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? (list as JsonSchema[]) : undefined;
}

export function typeLabel(schema: JsonSchema, components: SchemaComponents): string {
  const name = refName(schema);
  if (name !== undefined) return name;
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return "enum";
  const options = variants(schema);
  if (options) return [...new Set(options.map((option) => typeLabel(option, components)))].join(" | ");
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") return `${typeLabel((schema.items as JsonSchema | undefined) ?? {}, components)}[]`;
  if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
  if (typeof type === "string") return type;
  return "any";
}

/** The object schema whose properties a schema shows: itself, its items, or its one object variant. */
function objectOf(schema: JsonSchema, components: SchemaComponents): JsonSchema | undefined {
  const resolved = resolveSchema(schema, components);
  if (resolved.properties && typeof resolved.properties === "object") return resolved;
  if (resolved.type === "array" && resolved.items) return objectOf(resolved.items as JsonSchema, components);
  const objects = (variants(resolved) ?? []).map((v) => objectOf(v, components)).filter((v) => v !== undefined);
  return objects.length === 1 ? objects[0] : undefined;
}

export function enumValues(schema: JsonSchema, components: SchemaComponents): string[] | undefined {
  const resolved = resolveSchema(schema, components);
  if (Array.isArray(resolved.enum)) return resolved.enum.map((v) => JSON.stringify(v));
  const options = variants(resolved);
  if (options && options.every((o) => "const" in o)) return options.map((o) => JSON.stringify(o.const));
  return undefined;
}

export function propertyRows(schema: JsonSchema, components: SchemaComponents, depth = 0, seen: readonly string[] = []): PropertyRow[] {
  const object = objectOf(schema, components);
  if (!object || depth >= MAX_SCHEMA_DEPTH) return [];
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(object.properties as Record<string, JsonSchema>).map(([name, property]) => {
    const ref = refName(property) ?? refName((property.items as JsonSchema | undefined) ?? {});
    const recursive = ref !== undefined && seen.includes(ref);
    const description = resolveSchema(property, components).description;
    return {
      name,
      type: typeLabel(property, components),
      required: required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      ...(enumValues(property, components) ? { values: enumValues(property, components) } : {}),
      children: recursive ? [] : propertyRows(property, components, depth + 1, ref ? [...seen, ref] : seen),
    };
  });
}

/**
 * The shapes a body may take: one list of rows for an object, one per object alternative for a
 * union of objects (a body that is either `{contactId}` or `{email, name}`).
 */
export function schemaShapes(schema: JsonSchema, components: SchemaComponents): PropertyRow[][] {
  const resolved = resolveSchema(schema, components);
  const options = variants(resolved)?.filter((v) => objectOf(v, components) !== undefined) ?? [];
  if (!objectOf(resolved, components) && options.length > 1) {
    return options.map((option) => propertyRows(option, components));
  }
  const rows = propertyRows(resolved, components);
  return rows.length ? [rows] : [];
}
