import { openApiDocument, type OpenApiDocument } from "./build-document";
import { enumValues, schemaShapes, typeLabel, type JsonSchema, type PropertyRow } from "./describe-schema";

// The API reference page's model: the document's operations grouped under its tags, in the
// tags' order, each with what a caller needs to read (parameters, body shapes, example,
// responses), so the page itself only lays them out.

export interface ReferenceParameter {
  name: string;
  in: string;
  type: string;
  required: boolean;
  description?: string;
  values?: string[];
}

export interface ReferenceResponse {
  status: string;
  description: string;
  shapes: PropertyRow[][];
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  scopes: string[];
  public: boolean;
  parameters: ReferenceParameter[];
  bodyShapes: PropertyRow[][];
  example?: string;
  responses: ReferenceResponse[];
}

export interface ReferenceSection {
  tag: string;
  slug: string;
  description?: string;
  operations: ReferenceOperation[];
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function jsonSchemaOf(content: unknown): JsonSchema | undefined {
  // A JSON body, or an upload's form fields.
  const byType = content as Record<string, { schema?: JsonSchema }> | undefined;
  const media = byType?.["application/json"] ?? byType?.["multipart/form-data"];
  return media?.schema;
}

function toOperation(path: string, method: string, op: JsonSchema, components: Record<string, unknown>): ReferenceOperation {
  const body = op.requestBody as { content?: Record<string, { schema?: JsonSchema; example?: unknown }> } | undefined;
  const bodySchema = jsonSchemaOf(body?.content);
  const example = body?.content?.["application/json"]?.example;
  const responses = Object.entries((op.responses ?? {}) as Record<string, { description?: string; content?: unknown }>);
  return {
    id: String(op.operationId),
    method: method.toUpperCase(),
    path,
    summary: String(op.summary ?? ""),
    ...(typeof op.description === "string" ? { description: op.description } : {}),
    scopes: Array.isArray(op["x-scopes"]) ? (op["x-scopes"] as string[]) : [],
    public: Array.isArray(op.security) && op.security.length === 0,
    parameters: ((op.parameters ?? []) as JsonSchema[]).map((p) => ({
      name: String(p.name),
      in: String(p.in),
      type: typeLabel((p.schema as JsonSchema | undefined) ?? {}, components),
      required: p.required === true,
      ...(typeof p.description === "string" ? { description: p.description } : {}),
      ...(enumValues((p.schema as JsonSchema | undefined) ?? {}, components)
        ? { values: enumValues((p.schema as JsonSchema) ?? {}, components) }
        : {}),
    })),
    bodyShapes: bodySchema ? schemaShapes(bodySchema, components) : [],
    ...(example !== undefined ? { example: JSON.stringify(example, null, 2) } : {}),
    responses: responses.map(([status, response]) => {
      const schema = status.startsWith("2") ? jsonSchemaOf(response.content) : undefined;
      return {
        status,
        description: response.description ?? "",
        shapes: schema ? schemaShapes(schema, components) : [],
      };
    }),
  };
}

export function referenceSections(doc: OpenApiDocument): ReferenceSection[] {
  const components = doc.components.schemas as Record<string, unknown>;
  const byTag = new Map<string, ReferenceOperation[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, JsonSchema>)) {
      const tag = (op.tags as string[] | undefined)?.[0] ?? "Other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(toOperation(path, method, op, components));
    }
  }
  const descriptions = new Map<string, string>(doc.tags.map((t) => [t.name, t.description]));
  return [...byTag]
    .filter(([, operations]) => operations.length > 0)
    .map(([tag, operations]) => ({ tag, slug: slug(tag), description: descriptions.get(tag), operations }));
}

let cachedSections: ReferenceSection[] | undefined;

/** The served document's sections, built once per process (the document does not change while it runs). */
export function apiReferenceSections(): ReferenceSection[] {
  return (cachedSections ??= referenceSections(openApiDocument()));
}
