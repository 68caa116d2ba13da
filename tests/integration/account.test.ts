import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { GET, PUT } from "@/app/api/v1/account/route";
import { POST as changePassword } from "@/app/api/v1/account/password/route";
import { GET as smtp } from "@/app/api/v1/smtp/route";
import { GET as listKeys } from "@/app/api/v1/api-keys/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { verifyPassword } from "@/lib/auth/password";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

describe("account settings", () => {
  it("reads and updates only the fields given", async () => {
    const a = await makeAccount();
    const before = await call(GET, { path: "/api/v1/account", key: a.key });
    expect(before.json).toMatchObject({ id: a.accountId, email: a.email, trackOpens: true, trackClicks: true, defaultFrom: null });
    const updated = await call(PUT, {
      method: "PUT",
      path: "/api/v1/account",
      key: a.key,
      body: { companyName: "Acme", trackClicks: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ name: before.json.name, companyName: "Acme", trackOpens: true, trackClicks: false });
    expect((await call(PUT, { method: "PUT", path: "/", key: a.key, body: {} })).status).toBe(400);
    expect((await call(PUT, { method: "PUT", path: "/", key: a.key, body: { trackOpens: "yes" } })).status).toBe(400);
    expect((await call(PUT, { method: "PUT", path: "/", key: a.key, body: { plan: "free" } })).status).toBe(400);
  });

  it("accepts a default sender only on a verified domain", async () => {
    const a = await makeAccount();
    const refused = await call(PUT, { method: "PUT", path: "/", key: a.key, body: { defaultFrom: "hi@nowhere.example" } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("domain_not_verified");
    const { domain } = await makeVerifiedDomain(a.accountId);
    const ok = await call(PUT, { method: "PUT", path: "/", key: a.key, body: { defaultFrom: `Team <hi@${domain}>` } });
    expect(ok.json.defaultFrom).toBe(`Team <hi@${domain}>`);
  });

  it("changes the password and ends other sessions", async () => {
    const a = await makeAccount();
    const jwt = await encode({ token: { userId: a.userId, accountId: a.accountId, sessionVersion: 0 }, secret: process.env.APP_SECRET! });
    const cookie = `next-auth.session-token=${jwt}`;
    const headers = { cookie, host: "localhost", origin: "http://localhost" };
    expect((await call(listKeys, { path: "/", headers })).status).toBe(200);

    const wrong = await call(changePassword, {
      method: "POST",
      path: "/",
      headers,
      body: { currentPassword: "nope", newPassword: "a new long password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.details[0].path).toBe("currentPassword");
    const short = await call(changePassword, {
      method: "POST",
      path: "/",
      headers,
      body: { currentPassword: "correct horse battery", newPassword: "short" },
    });
    expect(short.status).toBe(400);

    const ok = await call(changePassword, {
      method: "POST",
      path: "/",
      headers,
      body: { currentPassword: "correct horse battery", newPassword: "a new long password" },
    });
    expect(ok.status).toBe(200);
    const user = await getDb().user.findUniqueOrThrow({ where: { id: a.userId }, omit: { passwordHash: false } });
    expect(await verifyPassword("a new long password", user.passwordHash)).toBe(true);
    expect((await call(listKeys, { path: "/", headers })).status).toBe(401);
    // API keys are not sessions: they keep working.
    expect((await call(listKeys, { path: "/", key: a.key })).status).toBe(200);
  });

  it("refuses a password change made with an API key, even a full_access one", async () => {
    const a = await makeAccount();
    const body = { currentPassword: "correct horse battery", newPassword: "taken over by a key" };
    const res = await call(changePassword, { method: "POST", path: "/", key: a.key, body });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("forbidden");
    expect(res.json.error.message).toMatch(/dashboard/);
    const user = await getDb().user.findUniqueOrThrow({ where: { id: a.userId }, omit: { passwordHash: false } });
    expect(await verifyPassword("correct horse battery", user.passwordHash)).toBe(true);
    expect(user.sessionVersion).toBe(0);

    // The same change from the dashboard's session works.
    const jwt = await encode({ token: { userId: a.userId, accountId: a.accountId, sessionVersion: 0 }, secret: process.env.APP_SECRET! });
    const headers = { cookie: `next-auth.session-token=${jwt}`, host: "localhost", origin: "http://localhost" };
    expect((await call(changePassword, { method: "POST", path: "/", headers, body })).status).toBe(200);
  });

  it("describes the SMTP relay", async () => {
    const a = await makeAccount();
    const res = await call(smtp, { path: "/api/v1/smtp", key: a.key });
    // AUTH needs STARTTLS unless SMTP_ALLOW_INSECURE_AUTH=1.
    expect(res.json).toMatchObject({ port: 2525, username: "mailwright", security: "starttls_required" });
    expect(res.json.password).toMatch(/API key/);
    process.env.SMTP_ALLOW_INSECURE_AUTH = "1";
    resetEnvCache();
    try {
      const insecure = await call(smtp, { path: "/api/v1/smtp", key: a.key });
      expect(insecure.json.security).toBe("starttls");
    } finally {
      delete process.env.SMTP_ALLOW_INSECURE_AUTH;
      resetEnvCache();
    }
  });
});
