import { z } from "zod";
import { errorStatus, type ErrorCode } from "@/lib/api/errors";
import { DEFAULT_MAX_BODY_BYTES, type HttpMethod, type Operation } from "@/lib/api/define-operation";
import { operations } from "./all-operations";
import { errorResponseSchema } from "./common";
import { TAGS } from "./tags";

// Builds the OpenAPI 3.1 document served at GET /api/v1/openapi.json from the operations the
// routes serve (all-operations.ts). Schemas come from zod 4's own JSON Schema output (draft
// 2020-12, which is OpenAPI 3.1's schema dialect): request bodies and query strings in "input"
// mode (what a client sends), responses in "output" mode (what the serializers return, objects
// closed). Schemas named with .meta({ id }) land in components.schemas and are referenced.

type JsonObject = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Missing, malformed, unknown or revoked API key",
  403: "Forbidden",
  404: "Not found (another account's record is a 404 too)",
  409: "Conflict with the record's state",
  415: "Body is not JSON",
  429: "Rate limited; Retry-After says when to try again",
  500: "Internal error (never a stack trace)",
  503: "The database is unreachable; Retry-After says when to try again",
};

const REFS = /"#\/\$defs\//g;

class SchemaConverter {
  readonly components: Record<string, unknown> = {};

  convert(schema: z.ZodType, io: "input" | "output"): JsonObject {
    const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonObject;
    const { $schema: _dialect, $defs, ...rest } = JSON.parse(JSON.stringify(json).replace(REFS, '"#/components/schemas/')) as JsonObject;
    for (const [name, def] of Object.entries(($defs ?? {}) as JsonObject)) {
      const seen = this.components[name];
      if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(def)) {
        throw new Error(`OpenAPI: two different schemas are named ${name} (an id used in both a request and a response?)`);
      }
      this.components[name] = def;
    }
    return rest;
  }
}

function errorCodes(operation: Operation, pathParams: string[]): ErrorCode[] {
  const codes = new Set<ErrorCode>(["payload_too_large", "rate_limited", "internal_error", "service_unavailable"]);
  if (!operation.public) {
    codes.add("unauthorized");
    codes.add("forbidden");
  }
  if (operation.body) ["validation_error", "invalid_json", "unsupported_media_type"].forEach((c) => codes.add(c as ErrorCode));
  if (operation.query) codes.add("validation_error");
  if (pathParams.length) codes.add("not_found");
  for (const code of operation.errors ?? []) codes.add(code);
  return [...codes];
}

const MIB = 1024 * 1024;

function errorResponses(operation: Operation, codes: ErrorCode[]): JsonObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  const out: JsonObject = {};
  const maxBody = (operation.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) / MIB;
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const text = status === 413 ? `Body over ${Number(maxBody.toFixed(2))} MiB` : (STATUS_TEXT[status] ?? "Error");
    out[String(status)] = {
      description: `${text}: ${list.map((c) => `\`${c}\``).join(", ")}`,
      headers: status === 429 || status === 503 ? { "Retry-After": { $ref: "#/components/headers/Retry-After" } } : undefined,
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
    if (status !== 429 && status !== 503) delete (out[String(status)] as JsonObject).headers;
  }
  return out;
}

function queryParameters(converter: SchemaConverter, schema: z.ZodType): JsonObject[] {
  const json = converter.convert(schema, "input");
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, JsonObject>).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: "query", required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

const RATE_HEADERS = {
  "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
  "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
  "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
};

function buildOperation(converter: SchemaConverter, operation: Operation): JsonObject {
  const pathParams = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const parameters: JsonObject[] = [
    ...pathParams.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
    ...(operation.query ? queryParameters(converter, operation.query) : []),
    ...(operation.idempotent
      ? [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description:
              "Same key and body within 24 h returns the first response without sending again; same key with another body is a 409.",
            schema: { type: "string", maxLength: 256 },
          },
        ]
      : []),
  ];
  const status = operation.status ?? 200;
  const success = {
    description: operation.summary,
    headers: RATE_HEADERS,
    content: { "application/json": { schema: converter.convert(operation.response, "output") } },
  };
  const requestSchema = operation.bodyShown ?? operation.body;
  return {
    operationId: operation.id,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(operation.public ? { security: [] } : {}),
    ...(operation.scope ? { "x-scopes": ["full_access", operation.scope] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestSchema
      ? {
          requestBody: {
            required: !operation.bodyOptional,
            content: {
              "application/json": {
                schema: converter.convert(requestSchema, "input"),
                ...(operation.example !== undefined ? { example: operation.example } : {}),
              },
            },
          },
        }
      : operation.multipartBody
        ? {
            requestBody: {
              required: true,
              content: { "multipart/form-data": { schema: converter.convert(operation.multipartBody, "input") } },
            },
          }
        : {}),
    responses: {
      [String(status)]: success,
      ...(operation.alsoStatus ? { [String(operation.alsoStatus)]: success } : {}),
      ...errorResponses(operation, errorCodes(operation, pathParams)),
    },
  };
}

const METHOD_ORDER: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const byPathAndMethod = (a: Operation, b: Operation) =>
  a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method);

export function buildOpenApiDocument() {
  const converter = new SchemaConverter();
  converter.convert(errorResponseSchema, "output");
  const paths: Record<string, JsonObject> = {};
  for (const operation of [...operations].sort(byPathAndMethod)) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = buildOperation(converter, operation);
  }
  const integerHeader = (description: string) => ({ description, schema: { type: "integer" } });
  return {
    openapi: "3.1.0",
    info: {
      title: "Mailwright API",
      version: "1.0.0",
      description:
        "Send email, manage domains, templates, contacts, lists, automations and webhooks. Authenticate with `Authorization: Bearer <API key>`. " +
        'Errors have the body `{"error": {"code", "message", "details?"}}`; lists are `{"data": [...], "pagination": {...}}`. ' +
        "A path under /api/v1 that is no route answers 404 `not_found`; a method the path does not take answers 405 `method_not_allowed`, with an `Allow` header.",
    },
    servers: [{ url: "/api/v1", description: "This server" }],
    security: [{ apiKey: [] }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "mw_ + 40 base62 characters",
          description:
            "An API key from the dashboard (API keys page) or POST /api-keys. Scopes: full_access, or send:email for sending only.",
        },
      },
      headers: {
        "RateLimit-Limit": integerHeader("Requests allowed in the current window."),
        "RateLimit-Remaining": integerHeader("Requests left in the current window."),
        "RateLimit-Reset": integerHeader("Seconds until the window resets."),
        "Retry-After": integerHeader("Seconds to wait before retrying."),
      },
      schemas: Object.fromEntries(Object.entries(converter.components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let cached: OpenApiDocument | undefined;

/** The document is a pure function of the code: built once per process. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument());
}
