import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { findRoutes, loadRoute, type RouteHandler } from "./routes";

// Checks a real response against the OpenAPI document (GET /api/v1/openapi.json): the status
// must be documented for that operation, and the JSON body must match the documented schema.
// tests/helpers/api.ts `call` runs it on every response of a route under app/api/v1, so a
// serializer, status or error that drifts from the document fails the test that saw it.

const PREFIX = "/api/v1";
let state:
  | Promise<{
      routeOf: Map<unknown, { method: string; path: string }>;
      validator: (ref: string) => ValidateFunction | undefined;
      doc: ReturnType<typeof buildOpenApiDocument>;
    }>
  | undefined;

async function load() {
  const doc = buildOpenApiDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(doc, "openapi");
  const routeOf = new Map<unknown, { method: string; path: string }>();
  for (const route of findRoutes(["app/api/v1"])) {
    const handlers = await loadRoute(route);
    const path = route.pattern.slice(PREFIX.length).replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
    for (const [method, handler] of Object.entries(handlers)) routeOf.set(handler, { method, path });
  }
  const compiled = new Map<string, ValidateFunction | undefined>();
  const validator = (ref: string) => {
    if (!compiled.has(ref)) compiled.set(ref, ajv.getSchema(ref));
    return compiled.get(ref);
  };
  return { routeOf, validator, doc };
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Throws when the response of `handler` is not what the document says; other handlers pass. */
export async function checkDocumentedResponse(handler: RouteHandler, status: number, body: unknown): Promise<void> {
  const { routeOf, validator, doc } = await (state ??= load());
  const route = routeOf.get(handler);
  if (!route) return;
  const where = `${route.method} ${PREFIX}${route.path} -> ${status}`;
  const operation = (doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[route.path]?.[
    route.method.toLowerCase()
  ];
  if (!operation) throw new Error(`OpenAPI: ${route.method} ${PREFIX}${route.path} is not in the document (lib/openapi/all-operations.ts)`);
  if (!operation.responses[String(status)]) {
    throw new Error(
      `OpenAPI: ${where} is not a documented status (documented: ${Object.keys(operation.responses).join(", ")}); body ${JSON.stringify(body)?.slice(0, 500)}`,
    );
  }
  const validate = validator(
    `openapi#/${pointer("paths", route.path, route.method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`,
  );
  if (!validate) throw new Error(`OpenAPI: ${where} has no JSON schema`);
  if (!validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
    throw new Error(
      `OpenAPI: ${where} body does not match the documented schema:\n  ${errors.join("\n  ")}\nbody: ${JSON.stringify(body)?.slice(0, 1500)}`,
    );
  }
}
