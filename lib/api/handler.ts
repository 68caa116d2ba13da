import { randomUUID } from "node:crypto";
import { z } from "zod";
import { logger } from "@/lib/log/logger";
import { now, syncClock } from "@/lib/clock/clock";
import { authenticateApiKey } from "@/lib/api-keys/authenticate-api-key";
import { scopeAllows } from "@/lib/api-keys/scopes";
import type { ApiKeyScopeName } from "@/lib/api-keys/schemas";
import { getRequestSession } from "@/lib/auth/session";
import { ApiError, errorBody, toApiError, validationError } from "./errors";
import { consumeRateLimit, limitConfig } from "./rate-limit";
import { readBody } from "./read-body";
import { parseInput } from "./parse-input";
import { nulPaths, rejectNulStrings } from "./nul-strings";
import { makeStringsWellFormed } from "./well-formed-strings";
import { clientAddress } from "./client-address";
import { DEFAULT_MAX_BODY_BYTES } from "./define-operation";
import { recordRequest } from "@/lib/request-logs/record-request";
import type { Role } from "@/lib/members/roles";
import { roleAllows } from "@/lib/members/role-permissions";
import type { Operation } from "./define-operation";

// The one wrapper every JSON API route goes through (an /api/v1 route by way of its operation,
// lib/api/api-route.ts): authenticate (Bearer key, or the dashboard's session cookie on
// same-origin calls), check the scope, rate-limit, parse and validate JSON and query, run the
// handler, and map anything thrown to the documented body.

export interface AuthContext {
  accountId: string;
  apiKeyId: string | null;
  userId: string | null;
  scopes: ApiKeyScopeName[];
  /** The member's role with a dashboard session; null with an API key (its scopes decide). */
  role?: Role | null;
  /** The member's email with a dashboard session (the audit log names the actor by it). */
  email?: string | null;
}

export interface ApiContext<TBody, TQuery> {
  req: Request;
  requestId: string;
  auth: AuthContext;
  body: TBody;
  query: TQuery;
  params: Record<string, string>;
}

interface Options<TBody extends z.ZodType | undefined, TQuery extends z.ZodType | undefined> {
  /** No authentication (sign-up, tracking): rate-limited per client address instead. */
  public?: boolean;
  /** Scope the key needs; full_access always passes. Default full_access. */
  scope?: ApiKeyScopeName;
  body?: TBody;
  /** The handler reads the body itself (a multipart upload), within maxBodyBytes. */
  ownBody?: boolean;
  /** A request with no body at all is fine (the body schema must accept undefined). */
  bodyOptional?: boolean;
  query?: TQuery;
  /** Largest accepted body in bytes (413 above). Default 1 MiB. */
  maxBodyBytes?: number;
  /** The status of a handler's returned value (a returned Response keeps its own). Default 200. */
  status?: number;
  /** The operation served: a dashboard session's role must allow it (lib/members/role-permissions.ts). */
  operation?: Pick<Operation, "id" | "tag" | "method">;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** Set on every API response; next.config.ts sets them on pages too. */
export const API_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
} as const;

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}

export function created(data: unknown): Response {
  return json(data, 201);
}

/** The documented error body for a route outside apiHandler (next-auth, unsubscribe). */
export function errorResponse(thrown: unknown): Response {
  const error = toApiError(thrown);
  return json(errorBody(error), error.status, { ...API_SECURITY_HEADERS, ...error.headers });
}

function sameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return req.method === "GET" || req.method === "HEAD";
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

async function authenticate(req: Request): Promise<{ auth: AuthContext; limitKey: string; limit: ReturnType<typeof limitConfig> }> {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const key = match ? await authenticateApiKey(match[1]) : null;
    if (!key) throw new ApiError("unauthorized", "invalid API key: send Authorization: Bearer <key> with an active key");
    return {
      auth: { accountId: key.accountId, apiKeyId: key.apiKeyId, userId: null, scopes: key.scopes },
      limitKey: `key:${key.apiKeyId}`,
      limit: limitConfig(key.rateLimit),
    };
  }
  const session = await getRequestSession(req);
  if (session) {
    // Cookies ride along on cross-site requests; only the dashboard's own origin may use them.
    if (!sameOrigin(req)) throw new ApiError("forbidden", "session cookies are accepted only from the dashboard's origin");
    return {
      auth: {
        accountId: session.accountId,
        apiKeyId: null,
        userId: session.userId,
        scopes: ["full_access"],
        role: session.role,
        email: session.email,
      },
      limitKey: `user:${session.userId}`,
      limit: limitConfig(),
    };
  }
  throw new ApiError("unauthorized", "missing API key: send Authorization: Bearer <key>");
}

function anonymous(req: Request) {
  const ip = clientAddress(req);
  return {
    auth: { accountId: "", apiKeyId: null, userId: null, scopes: ["full_access"] } as AuthContext,
    limitKey: `ip:${ip}`,
    limit: limitConfig(),
  };
}

async function readJson(req: Request, maxBytes: number, optional = false): Promise<unknown> {
  // An optional body may be absent, or empty: a browser's fetch POST without one still has a
  // (zero-length) body stream and no Content-Type.
  const bytes = optional ? (req.body ? await readBody(req, maxBytes) : new Uint8Array(0)) : undefined;
  if (bytes?.length === 0) return undefined;
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError("unsupported_media_type", "send the body as JSON with Content-Type: application/json");
  }
  const text = new TextDecoder().decode(bytes ?? (await readBody(req, maxBytes)));
  if (!text.trim()) throw new ApiError("invalid_json", "request body is empty; send a JSON document");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError("invalid_json", `request body is not valid JSON: ${(error as Error).message}`);
  }
  // JSON cannot carry U+0000 but as the escape \u0000 (a raw control character does not parse),
  // so a body without that text needs no walk.
  if (text.includes("\\u0000")) rejectNulStrings(value);
  // Only a \u escape can carry an unpaired surrogate; most bodies have none.
  if (/\\u[dD][89a-fA-F]/.test(text)) value = makeStringsWellFormed(value);
  return value;
}

function queryObject(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(req.url).searchParams) out[k] = v;
  return out;
}

export function apiHandler<TBody extends z.ZodType | undefined = undefined, TQuery extends z.ZodType | undefined = undefined>(
  options: Options<TBody, TQuery>,
  handler: (ctx: ApiContext<Infer<TBody>, Infer<TQuery>>) => Promise<Response | unknown>,
) {
  const handle = async (req: Request, route?: RouteContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    const started = performance.now();
    const path = new URL(req.url).pathname;
    // Made only when something is logged: the request line is below the level under load tests.
    const log = () => logger().child({ requestId, method: req.method, path });
    let headers: Record<string, string> = { ...API_SECURITY_HEADERS, "X-Request-Id": requestId };
    let response: Response;
    let accountId: string | undefined;
    // What the request log keeps (requests made with a key only).
    let keyAuth: AuthContext | undefined;
    let rawQuery: Record<string, string> = {};
    let rawBody: unknown = undefined;
    let responseData: unknown = undefined;
    try {
      // With the test clock on, pick up a move made by another process (no-op otherwise).
      await syncClock({ maxAgeMs: 1000 });
      const { auth, limitKey, limit } = options.public ? anonymous(req) : await authenticate(req);
      accountId = auth.accountId || undefined;
      if (auth.apiKeyId) keyAuth = auth;
      const rate = await consumeRateLimit(limitKey, limit);
      headers = { ...headers, ...rate.headers };
      if (!scopeAllows(auth.scopes, options.scope ?? "full_access")) {
        throw new ApiError("forbidden", `this API key lacks the ${options.scope ?? "full_access"} scope`);
      }
      if (auth.role && options.operation && !roleAllows(auth.role, options.operation)) {
        throw new ApiError("forbidden", `the ${auth.role} role may not do this (${options.operation.id})`);
      }
      rawQuery = queryObject(req);
      rejectNulStrings(rawQuery);
      let query: unknown = undefined;
      if (options.query) {
        const parsed = parseInput(options.query, rawQuery);
        if (!parsed.success) throw validationError(parsed.error);
        query = parsed.data;
      }
      let body: unknown = undefined;
      if (options.body) {
        // With bodyOptional, a request without a body (or an empty one) reaches the handler with body undefined.
        const raw = await readJson(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, options.bodyOptional);
        rawBody = raw;
        if (raw !== undefined || !options.bodyOptional) {
          const parsed = parseInput(options.body, raw);
          if (!parsed.success) throw validationError(parsed.error);
          body = parsed.data;
        }
      } else if (!options.body && !options.ownBody && req.body) {
        // A route without a body still reads (and drops) what was sent, so a huge one is a 413.
        await readBody(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
      }
      const rawParams = route ? await route.params : {};
      const params = Object.fromEntries(Object.entries(rawParams ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
      // No id holds U+0000, and the database could not even compare one.
      if (nulPaths(params).length) throw new ApiError("not_found", "not found");
      const result = await handler({
        req,
        requestId,
        auth,
        body: body as Infer<TBody>,
        query: query as Infer<TQuery>,
        params,
      });
      if (!(result instanceof Response)) responseData = result;
      response = result instanceof Response ? result : json(result, options.status ?? 200);
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.status >= 500) log().error({ err: thrown }, "request failed");
      headers = { ...headers, ...error.headers };
      responseData = errorBody(error);
      response = json(responseData, error.status);
    }
    for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
    if (keyAuth) {
      const durationMs = performance.now() - started;
      recordRequest({
        req,
        requestId,
        accountId: keyAuth.accountId,
        apiKeyId: keyAuth.apiKeyId,
        createdAt: new Date(now().getTime() - durationMs),
        durationMs,
        query: rawQuery,
        requestBody: rawBody,
        response,
        responseData,
      });
    }
    if (logger().isLevelEnabled("info"))
      log().info({ status: response.status, accountId, ms: Math.round(performance.now() - started) }, "request");
    return response;
  };
  // The declared schemas ride on the handler so the fuzz tier can generate inputs from them.
  return Object.assign(handle, { schemas: { body: options.body, query: options.query } });
}
