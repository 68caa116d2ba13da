import { describe, expect, it } from "vitest";
import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { operations } from "@/lib/openapi/operations";
import { call } from "../helpers/api";
import { findRoutes, loadRoute } from "../helpers/routes";

// Every route file under app/api/v1, found on disk at test time, and every method it
// exports is in the OpenAPI document, validated by the very schemas the document shows.

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

  it("documents each route with the body and query schemas its handler validates with", () => {
    for (const { route, handlers } of ROUTES) {
      for (const [method, handler] of Object.entries(handlers)) {
        const path = templateOf(route.pattern);
        const operation = operations.find((o) => o.method === method && o.path === path);
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation!.body === handler.schemas?.body, `${method} ${path}: body schema`).toBe(true);
        expect(operation!.query === handler.schemas?.query, `${method} ${path}: query schema`).toBe(true);
      }
    }
  });

  it("fails a response that drifts from the documented schema", async () => {
    const { checkDocumentedResponse } = await import("../helpers/openapi-check");
    const { GET: getAccount } = await import("@/app/api/v1/account/route");
    await expect(checkDocumentedResponse(getAccount, 200, { id: "acc_1" })).rejects.toThrow(/does not match/);
    await expect(checkDocumentedResponse(getAccount, 418, {})).rejects.toThrow(/not a documented status/);
  });
});
