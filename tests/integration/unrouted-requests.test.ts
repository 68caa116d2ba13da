import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resend } from "resend";
import { allowHeader, ROUTE_METHODS } from "@/lib/api/method-not-allowed";
import { makeAccount } from "../helpers/api";
import { startApiServer, type ApiServer } from "../helpers/api-server";
import { findRoutes, loadRoute } from "../helpers/routes";

// A path under /api/v1 that no route serves, or a method its route does not take, answers the
// documented JSON error (not Next's HTML 404 page or empty 405, which the Resend SDK reports as
// "Internal server error"): through a real HTTP server over the route files, and through the SDK.

let server: ApiServer;
let origin: string;

beforeAll(async () => {
  server = await startApiServer();
  origin = new URL(server.baseUrl).origin;
});

afterAll(async () => {
  await server?.close();
});

const request = async (method: string, path: string, key?: string) => {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(method === "GET" || method === "OPTIONS" ? {} : { "content-type": "application/json" }),
    },
    body: method === "GET" || method === "OPTIONS" ? undefined : "{}",
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as unknown) : null };
};

const errorOf = (code: string, status: number, message: string | RegExp) => ({
  error: { code, message: expect.stringMatching(message) },
  name: code,
  message: expect.stringMatching(message),
  statusCode: status,
});

describe("a path no route serves", () => {
  it("answers the JSON not_found for any method, at any depth, with or without a key", async () => {
    const { key } = await makeAccount();
    for (const [method, path] of [
      ["GET", "/api/v1/oauth/grants"],
      ["POST", "/api/v1/oauth/grants"],
      ["DELETE", "/api/v1/emails/em_1/attachments/at_1"],
      ["PATCH", "/api/v1"],
    ]) {
      for (const withKey of [key, undefined]) {
        const res = await request(method, path, withKey);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(res.json).toEqual(errorOf("not_found", 404, `no API route at ${path}`));
      }
    }
  });
});

describe("a method a route does not take", () => {
  it("answers the JSON method_not_allowed with the Allow header of the route's methods", async () => {
    const { key } = await makeAccount();
    const domain = await request("PUT", "/api/v1/domains/dom_1", key);
    expect(domain.status).toBe(405);
    expect(domain.headers.get("allow")).toBe("DELETE, GET, HEAD, OPTIONS, PATCH");
    expect(domain.json).toEqual(
      errorOf("method_not_allowed", 405, /^PUT is not allowed on \/api\/v1\/domains\/dom_1; it takes GET, PATCH, DELETE$/),
    );

    // A literal segment wins over an id, as in the router: /emails/batch is POST only.
    const batch = await request("GET", "/api/v1/emails/batch", key);
    expect(batch.status).toBe(405);
    expect(batch.headers.get("allow")).toBe("OPTIONS, POST");

    const options = await request("OPTIONS", "/api/v1/domains/dom_1");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("DELETE, GET, HEAD, OPTIONS, PATCH");
  });

  it("is answered by every route file, naming exactly the methods it serves", async () => {
    const routes = findRoutes(["app/api/v1"]);
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const served = Object.keys(await loadRoute(route));
      const all = await loadRoute(route, { withRefusals: true });
      // A route file that leaves a method out gets Next's empty 405 for it.
      expect(Object.keys(all).sort(), route.pattern).toEqual([...ROUTE_METHODS].sort());
      const refused = ROUTE_METHODS.filter((method) => !served.includes(method));
      for (const method of refused) {
        const res = await all[method]!(new Request(`http://localhost${route.pattern}`, { method }), { params: Promise.resolve({}) });
        expect(res.status, `${method} ${route.pattern}`).toBe(405);
        expect(res.headers.get("allow"), `${method} ${route.pattern}`).toBe(allowHeader(served));
      }
    }
  });
});

describe("the Resend SDK", () => {
  beforeAll(() => {
    process.env.RESEND_BASE_URL = server.baseUrl;
  });
  afterAll(() => {
    delete process.env.RESEND_BASE_URL;
  });

  it("reports an endpoint Mailwright does not have as not_found, and a method it does not take as method_not_allowed", async () => {
    const { key } = await makeAccount();
    const resend = new Resend(key);

    const grants = await resend.oauthGrants.list();
    expect(grants.data).toBeNull();
    expect(grants.error).toMatchObject({ name: "not_found", statusCode: 404, message: "no API route at /api/v1/oauth/grants" });

    const update = await resend.apiKeys.update("key_1", { name: "renamed" });
    expect(update.data).toBeNull();
    expect(update.error).toMatchObject({ name: "method_not_allowed", statusCode: 405 });
    expect(update.error!.message).toBe("PATCH is not allowed on /api/v1/api-keys/key_1; it takes DELETE");
    expect(update.headers?.allow).toBe("DELETE, OPTIONS");
  });
});
