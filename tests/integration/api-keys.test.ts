import { describe, expect, it } from "vitest";
import { GET, POST, DELETE } from "@/app/api/v1/api-keys/route";
import { call, makeAccount } from "../helpers/api";

const path = "/api/v1/api-keys";

describe("api keys", () => {
  it("creates a key shown once, lists it by prefix, and revokes it", async () => {
    const { key } = await makeAccount();
    const created = await call(POST, { method: "POST", path, key, body: { name: "ci", scopes: ["send:email"] } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "ci", isActive: true, scopes: ["send:email"] });
    expect(created.json.id).toMatch(/^key_/);
    expect(created.json.key).toMatch(/^mw_[0-9A-Za-z]{40}$/);
    expect(created.json.createdAt).toMatch(/Z$/);

    const list = await call(GET, { path, key });
    expect(list.status).toBe(200);
    expect(list.json.pagination).toMatchObject({ limit: 20, offset: 0, total: 2, hasMore: false });
    const listed = list.json.data.find((k: { id: string }) => k.id === created.json.id);
    expect(listed.prefix).toBe(created.json.key.slice(0, 7) + "…");
    expect(JSON.stringify(list.json)).not.toContain(created.json.key);

    // The new send:email key works for nothing that needs full_access.
    const forbidden = await call(GET, { path, key: created.json.key });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.error.code).toBe("forbidden");

    const revoked = await call(DELETE, { method: "DELETE", path: `${path}?id=${created.json.id}`, key });
    expect(revoked.status).toBe(200);
    expect(revoked.json.isActive).toBe(false);
    const after = await call(GET, { path, key: created.json.key });
    expect(after.status).toBe(401);
  });

  it("answers 401 without, with a malformed and with an unknown key", async () => {
    expect((await call(GET, { path })).status).toBe(401);
    const malformed = await call(GET, { path, headers: { authorization: "Bearer nope" } });
    expect(malformed.status).toBe(401);
    expect(malformed.json.error.code).toBe("unauthorized");
    expect((await call(GET, { path, headers: { authorization: "Basic abc" } })).status).toBe(401);
    const unknown = await call(GET, { path, key: "mw_" + "a".repeat(40) });
    expect(unknown.status).toBe(401);
  });

  it("rejects bad JSON, wrong content types and bad fields with the documented body", async () => {
    const { key } = await makeAccount();
    const badJson = await call(POST, { method: "POST", path, key, rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(badJson.status).toBe(400);
    expect(badJson.json.error.code).toBe("invalid_json");

    const text = await call(POST, { method: "POST", path, key, rawBody: "name=x", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);

    const badScope = await call(POST, { method: "POST", path, key, body: { name: "x", scopes: ["admin"] } });
    expect(badScope.status).toBe(400);
    expect(badScope.json.error.code).toBe("validation_error");
    expect(badScope.json.error.details[0].path).toBe("scopes.0");

    const noName = await call(POST, { method: "POST", path, key, body: {} });
    expect(noName.status).toBe(400);
    expect(noName.json.error.details.map((d: { path: string }) => d.path)).toContain("name");

    const big = await call(POST, { method: "POST", path, key, body: { name: "x".repeat(2 * 1024 * 1024) } });
    expect(big.status).toBe(413);

    const badLimit = await call(GET, { path: `${path}?limit=500`, key });
    expect(badLimit.status).toBe(400);
    expect((await call(GET, { path: `${path}?offset=-1`, key })).status).toBe(400);
  });

  it("treats another account's key id as not found", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const res = await call(DELETE, { method: "DELETE", path: `${path}?id=${b.keyId}`, key: a.key });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
    const still = await call(GET, { path, key: b.key });
    expect(still.status).toBe(200);
  });

  it("limits each key's request rate with RateLimit headers and a 429", async () => {
    const { key } = await makeAccount();
    const results = [];
    for (let i = 0; i < 25; i++) results.push(await call(GET, { path, key }));
    const first = results[0];
    expect(first.headers.get("ratelimit-limit")).toBe("10");
    expect(Number(first.headers.get("ratelimit-remaining"))).toBeGreaterThan(0);
    const limited = results.find((r) => r.status === 429);
    expect(limited).toBeDefined();
    expect(limited!.json.error.code).toBe("rate_limited");
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited!.headers.get("ratelimit-remaining")).toBe("0");
  });
});
