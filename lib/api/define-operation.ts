import type { z } from "zod";
import type { ApiKeyScopeName } from "@/lib/api-keys/schemas";
import type { Tag } from "@/lib/openapi/tags";
import type { ErrorCode } from "./errors";

// An endpoint of /api/v1, declared once: the route serves it (`apiRoute(operation, handler)`,
// lib/api/api-route.ts, which authenticates, validates and answers as declared here) and the
// OpenAPI document describes it (lib/openapi/all-operations.ts lists every operation).
// Each area keeps its operations in lib/<area>/operations.ts, which exports nothing else.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Schema = z.ZodType | undefined;

/** The body limit of an operation that sets no maxBodyBytes. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface Operation<TBody extends Schema = Schema, TQuery extends Schema = Schema> {
  method: HttpMethod;
  /** Under /api/v1, parameters in braces, as the route file's folders: "/emails/{id}". */
  path: string;
  /** operationId: stable, camelCase, unique in the API. */
  id: string;
  summary: string;
  description?: string;
  tag: Tag;
  /** No authentication: rate-limited per client address instead. */
  public?: boolean;
  /** The scope a key needs (full_access always passes). Default full_access. */
  scope?: ApiKeyScopeName;
  /** The JSON body's schema (lib/<area>/schemas.ts): 400 with details when it fails. */
  body?: TBody;
  /**
   * A multipart/form-data body the handler reads itself (an upload; bounded by maxBodyBytes):
   * its fields as shown in the document. Exclusive with `body`.
   */
  multipartBody?: z.ZodType;
  /** A request with no body at all is fine: the handler gets body undefined. */
  bodyOptional?: boolean;
  /** Shown in the document instead of `body` when the validator is looser (the batch array). */
  bodyShown?: z.ZodType;
  /** Largest accepted body in bytes (413 above). Default 1 MiB. */
  maxBodyBytes?: number;
  /** The query string's schema. */
  query?: TQuery;
  /** The success status of a handler that returns a value (not a Response). Default 200. */
  status?: 200 | 201 | 202;
  /** What a success returns (lib/<area>/response-schemas.ts); every integration test checks it. */
  response: z.ZodType;
  /** Another success status with the same body, which the handler answers with its own Response. */
  alsoStatus?: 200 | 201;
  /** Error codes beyond the ones every operation can answer (the document adds those). */
  errors?: ErrorCode[];
  /** A request body shown in the reference; a unit test checks the body schema accepts it. */
  example?: unknown;
  /** Accepts the Idempotency-Key header. */
  idempotent?: boolean;
}

/**
 * An operation, typed by its body and query schemas so the route's handler gets their output
 * types. A second method on the same handler (PUT beside PATCH) is its own operation:
 * `defineOperation({ ...updateContactOp, method: "PUT", id: "updateContactPut", summary })`.
 */
export function defineOperation<TBody extends Schema = undefined, TQuery extends Schema = undefined>(
  operation: Operation<TBody, TQuery>,
): Operation<TBody, TQuery> {
  return operation;
}
