import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Provider from "oidc-provider";
import { createRequire } from "node:module";
import path from "node:path";
import { GET as listMembersRoute } from "@/app/api/v1/members/route";
import { POST as inviteRoute } from "@/app/api/v1/members/invitations/route";
import { PUT as updateAccountRoute } from "@/app/api/v1/account/route";
import { LOGIN_SSO_ONLY, verifyCredentials } from "@/lib/auth/verify-credentials";
import { authOptions } from "@/lib/auth/options";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { call, makeAccount } from "../helpers/api";
import { sessionCookie, sessionHeaders } from "../helpers/session";
import { withEnv } from "../helpers/with-env";

// Single sign-on against a real OpenID Connect provider (oidc-provider, its development login
// and consent pages) started here: next-auth's own handler runs the whole authorization code
// flow with PKCE and state, and the session it issues works on /api/v1.

// next-auth's core handler (what its route handler calls once Next has read the cookies): not
// among the package's exports, so loaded by its file.
const { AuthHandler } = createRequire(import.meta.url)(path.resolve("node_modules/next-auth/core/index.js")) as {
  AuthHandler: (params: { req: Request; options: ReturnType<typeof authOptions> }) => Promise<{
    body?: unknown;
    redirect?: string;
    cookies?: { name: string; value: string; options?: { maxAge?: number; expires?: Date | string } }[];
  }>;
};

const APP = "http://localhost";
const CLIENT = { client_id: "mailwright", client_secret: "mailwright-test-secret-0123456789" };
let server: Server;
let issuer: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ ...CLIENT, redirect_uris: [`${APP}/api/auth/callback/oidc`] }],
    // The login form's "login" is the user's email; unverified.example addresses are not verified.
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: !id.endsWith("@unverified.example"), name: "Sam SSO" }),
    }),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["oidc-test-cookie-key"] },
    // The ID token carries the email and name claims, as the usual providers' do.
    conformIdTokenClaims: false,
  });
  server.on("request", provider.callback());
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Cookies by name, as a browser keeps them for one site. */
class Jar {
  private cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair] = line.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
}

/** One call of next-auth's handler, as the route would make it; its cookies land in the jar. */
async function nextAuth(jar: Jar, path: string, init: { method?: string; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { cookie: jar.header(), host: "localhost" };
  let body: string | undefined;
  // The core handler reads a Request's body as JSON.
  if (init.form) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.form);
  }
  const res = await AuthHandler({
    req: new Request(`${APP}/api/auth/${path}`, { method: init.method ?? "GET", headers, body }),
    options: authOptions(),
  });
  for (const c of res.cookies ?? []) {
    jar.take([
      `${c.name}=${c.value}${c.options?.maxAge === 0 || (c.options?.expires && new Date(c.options.expires).getTime() < Date.now()) ? "; Max-Age=0" : ""}`,
    ]);
  }
  return res;
}

/** The provider's side: follows redirects, fills its login and consent forms; ends at the app's callback URL. */
async function throughProvider(start: string, login: string): Promise<string> {
  const jar = new Jar();
  let url = start;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(APP)) return url;
    const res = await fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" });
    jar.take(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).toString();
      continue;
    }
    const html = await res.text();
    expect(res.status, html.slice(0, 500)).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    expect(action, html.slice(0, 500)).toBeTruthy();
    const form: Record<string, string> = prompt === "login" ? { prompt, login, password: "any" } : { prompt: prompt ?? "consent" };
    const submit = await fetch(new URL(action!, url), {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    jar.take(submit.headers.getSetCookie());
    expect(submit.status, await submit.clone().text()).toBeGreaterThanOrEqual(300);
    url = new URL(submit.headers.get("location")!, url).toString();
  }
  throw new Error("the provider never sent the browser back");
}

/** The whole sign-in: the app's session cookie, or the page next-auth sent the browser to instead. */
async function ssoSignIn(email: string): Promise<{ cookie: string | null; landed: string | undefined }> {
  const jar = new Jar();
  const csrf = await nextAuth(jar, "csrf");
  const { csrfToken } = csrf.body as { csrfToken: string };
  const start = await nextAuth(jar, "signin/oidc", { method: "POST", form: { csrfToken, callbackUrl: `${APP}/overview`, json: "true" } });
  const authorizeUrl = (start.body as { url?: string })?.url ?? start.redirect;
  expect(authorizeUrl).toMatch(new RegExp(`^${issuer}`));
  const back = new URL(await throughProvider(authorizeUrl!, email));
  const callback = await nextAuth(jar, `callback/oidc${back.search}`);
  const token = jar.get("next-auth.session-token");
  return { cookie: token ? `next-auth.session-token=${token}` : null, landed: callback.redirect };
}

function ssoEnv(extra: Record<string, string> = {}) {
  return {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
    NEXTAUTH_URL: `${APP}/api/auth`,
    ...extra,
  };
}

describe("single sign-on through OpenID Connect", () => {
  it("signs an invited address in through the provider, with the invitation's account and role", async () => {
    const owner = await makeAccount();
    const email = `sso-${randomBase62(6).toLowerCase()}@corp.example`;
    const invited = await call(inviteRoute, {
      method: "POST",
      path: "/api/v1/members/invitations",
      body: { email, role: "developer" },
      headers: sessionHeaders(await sessionCookie(owner.userId)),
    });
    expect(invited.status).toBe(201);

    const { cookie, landed } = await withEnv(ssoEnv({ OIDC_ALLOWED_DOMAINS: "corp.example" }), () => ssoSignIn(email));
    expect(landed).toBe(`${APP}/overview`);
    expect(cookie).toBeTruthy();
    const members = await call(listMembersRoute, { path: "/api/v1/members", headers: sessionHeaders(cookie!) });
    expect(members.status).toBe(200);
    expect(members.json.data).toEqual(expect.arrayContaining([expect.objectContaining({ email, role: "developer" })]));
    const invitation = await getDb().invitation.findFirstOrThrow({ where: { email } });
    expect(invitation.acceptedAt).toBeInstanceOf(Date);

    // Signing in again finds the same user.
    const again = await withEnv(ssoEnv({ OIDC_ALLOWED_DOMAINS: "corp.example" }), () => ssoSignIn(email));
    expect(again.cookie).toBeTruthy();
    expect(await getDb().user.count({ where: { email } })).toBe(1);
  });

  it("adds a new address of an allowed domain to the configured account with the default role", async () => {
    const owner = await makeAccount();
    const email = `new-${randomBase62(6).toLowerCase()}@corp.example`;
    const { cookie } = await withEnv(ssoEnv({ OIDC_ACCOUNT_ID: owner.accountId, OIDC_DEFAULT_ROLE: "marketer" }), () => ssoSignIn(email));
    expect(cookie).toBeTruthy();
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    const membership = await getDb().membership.findFirstOrThrow({ where: { userId: user.id } });
    expect(membership).toMatchObject({ accountId: owner.accountId, role: "marketer" });
    const joined = await getDb().auditLogEntry.findFirst({
      where: { accountId: owner.accountId, action: "member.joined", actorId: user.id },
    });
    expect(joined?.summary).toMatchObject({ via: "sso" });
  });

  it("refuses another domain, an unverified email, and an address with no invitation and no default account", async () => {
    const owner = await makeAccount();
    const refused = async (email: string, extra: Record<string, string>) => {
      const result = await withEnv(ssoEnv(extra), () => ssoSignIn(email));
      expect(result.cookie, email).toBeNull();
      expect(result.landed).toMatch(/error=AccessDenied/);
      expect(await getDb().user.findUnique({ where: { email } })).toBeNull();
    };
    await refused(`x-${randomBase62(6).toLowerCase()}@other.example`, {
      OIDC_ALLOWED_DOMAINS: "corp.example",
      OIDC_ACCOUNT_ID: owner.accountId,
    });
    await refused(`x-${randomBase62(6).toLowerCase()}@unverified.example`, { OIDC_ACCOUNT_ID: owner.accountId });
    await refused(`x-${randomBase62(6).toLowerCase()}@corp.example`, {});
  });
});

describe("password sign-in turned off for an account that uses single sign-on", () => {
  it("refuses the password (even a right one) while single sign-on is on, and keeps the provider's way in", async () => {
    const owner = await makeAccount();
    const cookie = await sessionCookie(owner.userId);
    const turnOff = () =>
      call(updateAccountRoute, {
        method: "PUT",
        path: "/api/v1/account",
        body: { passwordSignIn: false },
        headers: sessionHeaders(cookie),
      });
    // Without single sign-on configured it would lock everyone out: refused.
    const refused = await turnOff();
    expect(refused.status).toBe(400);
    expect(refused.json.error.details[0].path).toBe("passwordSignIn");

    await withEnv(ssoEnv({ OIDC_ALLOWED_DOMAINS: "example.test" }), async () => {
      const off = await turnOff();
      expect(off.status).toBe(200);
      expect(off.json.passwordSignIn).toBe(false);
      await expect(
        verifyCredentials({ email: owner.email, password: "correct horse battery", clientAddress: "127.0.0.8" }),
      ).rejects.toThrow(LOGIN_SSO_ONLY);
      expect(await verifyCredentials({ email: owner.email, password: "wrong password", clientAddress: "127.0.0.8" })).toBeNull();
      const { cookie: ssoCookie } = await ssoSignIn(owner.email);
      expect(ssoCookie).toBeTruthy();
      const members = await call(listMembersRoute, { path: "/api/v1/members", headers: sessionHeaders(ssoCookie!) });
      expect(members.json.data[0]).toMatchObject({ userId: owner.userId, role: "owner" });
    });
  });
});
