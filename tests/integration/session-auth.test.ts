import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { GET, POST } from "@/app/api/v1/api-keys/route";
import { getDb } from "@/lib/db/client";
import { call, makeAccount } from "../helpers/api";

const path = "/api/v1/api-keys";

async function sessionCookie(userId: string, accountId: string, sessionVersion = 0) {
  const jwt = await encode({ token: { userId, accountId, sessionVersion }, secret: process.env.APP_SECRET! });
  return `next-auth.session-token=${jwt}`;
}

describe("dashboard session on /api/v1", () => {
  it("accepts the session cookie from the same origin only", async () => {
    const { userId, accountId } = await makeAccount();
    const cookie = await sessionCookie(userId, accountId);

    const list = await call(GET, { path, headers: { cookie, host: "localhost" } });
    expect(list.status).toBe(200);
    expect(list.json.pagination.total).toBe(1);

    const sameOrigin = await call(POST, {
      method: "POST",
      path,
      body: { name: "from dashboard" },
      headers: { cookie, host: "localhost", origin: "http://localhost" },
    });
    expect(sameOrigin.status).toBe(201);

    const crossSite = await call(POST, {
      method: "POST",
      path,
      body: { name: "csrf" },
      headers: { cookie, host: "localhost", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await call(POST, { method: "POST", path, body: { name: "csrf" }, headers: { cookie, host: "localhost" } });
    expect(noOrigin.status).toBe(403);
  });

  it("ends every session when the user's session version moves (password change)", async () => {
    const { userId, accountId } = await makeAccount();
    const cookie = await sessionCookie(userId, accountId);
    await getDb().user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
    const res = await call(GET, { path, headers: { cookie, host: "localhost" } });
    expect(res.status).toBe(401);
  });

  it("rejects a forged session token", async () => {
    const { userId, accountId } = await makeAccount();
    const jwt = await encode({ token: { userId, accountId, sessionVersion: 0 }, secret: "some-other-secret-0123456789" });
    const res = await call(GET, { path, headers: { cookie: `next-auth.session-token=${jwt}`, host: "localhost" } });
    expect(res.status).toBe(401);
  });
});
