import { describe, expect, it } from "vitest";
import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import type { Operation } from "@/lib/api/define-operation";
import { operations } from "@/lib/openapi/all-operations";
import { call } from "../helpers/api";
import { findRoutes, loadRoute } from "../helpers/routes";

// Every route file under app/api/v1, found on disk at test time, serves each method it exports
// through apiRoute(operation, handler) with the operation of its own path and method, and the
// OpenAPI document is built from exactly those operations: a route written with apiHandler
// alone, bound to another path's operation, or left out of lib/openapi/all-operations.ts fails.

const ROUTES = await Promise.all(findRoutes(["app/api/v1"]).map(async (route) => ({ route, handlers: await loadRoute(route) })));
const templateOf = (pattern: string) => pattern.replace(/^\/api\/v1/, "").replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");

describe("OpenAPI document", () => {
  it("is served at GET /api/v1/openapi.json without an API key", async () => {
    const res = await call(openApiRoute, { path: "/api/v1/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
    expect(res.json).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(res.json.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(res.json.paths["/openapi.json"].get.security).toEqual([]);
  });

  it("has every route file and method under app/api/v1", () => {
    const doc = buildOpenApiDocument();
    const onDisk = ROUTES.flatMap(({ route, handlers }) =>
      Object.keys(handlers).map((method) => `${method} ${templateOf(route.pattern)}`),
    ).sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(onDisk.length).toBeGreaterThan(60);
    expect(documented).toEqual(onDisk);
  });

  it("binds each route file's methods to the operations of its own path and method, and serves every operation", () => {
    const problems: string[] = [];
    const served = new Set<Operation>();
    for (const { route, handlers } of ROUTES) {
      for (const [method, handler] of Object.entries(handlers)) {
        const where = `${method} ${route.pattern}`;
        const operation = handler.operation;
        if (!operation) {
          problems.push(`${where}: not built by apiRoute(operation, handler) (lib/api/api-route.ts)`);
          continue;
        }
        served.add(operation);
        if (operation.method !== method || operation.path !== templateOf(route.pattern)) {
          problems.push(`${where}: bound to ${operation.id}, the operation of ${operation.method} ${operation.path}`);
        }
        if (!operations.includes(operation)) problems.push(`${where}: ${operation.id} is not listed by lib/openapi/all-operations.ts`);
        // The handler validates with the very schemas the document shows.
        if (handler.schemas?.body !== operation.body) problems.push(`${where}: validates another body schema than ${operation.id}'s`);
        if (handler.schemas?.query !== operation.query) problems.push(`${where}: validates another query schema than ${operation.id}'s`);
      }
    }
    for (const operation of operations) {
      if (!served.has(operation)) problems.push(`${operation.id} (${operation.method} ${operation.path}): no route file serves it`);
    }
    expect(served.size).toBeGreaterThan(60);
    expect(problems).toEqual([]);
  });

  it("fails a response that drifts from the documented schema", async () => {
    const { checkDocumentedResponse } = await import("../helpers/openapi-check");
    const { GET: getAccount } = await import("@/app/api/v1/account/route");
    await expect(checkDocumentedResponse(getAccount, 200, { id: "acc_1" })).rejects.toThrow(/does not match/);
    await expect(checkDocumentedResponse(getAccount, 418, {})).rejects.toThrow(/not a documented status/);
  });
});
