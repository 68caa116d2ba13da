import { afterEach, describe, expect, it } from "vitest";
import { POST as signupRoute } from "@/app/api/signup/route";
import { GET as confirmRoute } from "@/app/api/signup/confirm/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as resendRoute } from "@/app/api/v1/account/confirmation/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { grantCredits } from "@/lib/credits/grant-credits";
import { sendConfirmationEmailJob } from "@/lib/accounts/send-confirmation-email-job";
import { call } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// Sign-up limited per client address (from the trusted proxy hops, never from a
// header the client controls) and per email domain; free credits wait for the emailed link.

const saved = { ...process.env };
function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

const rand = () => randomBase62(8).toLowerCase();
// Each sign-up on its own domain unless a test wants one, so the domain limit stays out of the way.
const body = (domain = `d${rand()}.example`) => ({ name: "Abuser", email: `u-${rand()}@${domain}`, password: "correct horse battery" });
const signup = (headers: Record<string, string> = {}, b = body()) =>
  call(signupRoute, { method: "POST", path: "/api/signup", body: b, headers });

describe("sign-up limits", () => {
  it("allows 5 sign-ups an hour from one address; a spoofed X-Forwarded-For gets no fresh bucket (TRUST_PROXY_HOPS=0)", async () => {
    setEnv({ TRUST_PROXY_HOPS: undefined, SIGNUP_LIMIT_PER_HOUR: undefined });
    for (let i = 1; i <= 5; i++) {
      const res = await signup({ "x-forwarded-for": `198.51.100.${i}` });
      expect(res.status, `sign-up ${i}`).toBe(201);
    }
    const sixth = await signup({ "x-forwarded-for": "203.0.113.250" });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.code).toBe("rate_limited");
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(60);
    // A client-sent copy of the web server's private header is ignored outside that server.
    const forged = await signup({ "x-mailwright-client-ip": "192.0.2.77" });
    expect(forged.status).toBe(429);
  });

  it("with TRUST_PROXY_HOPS=1 uses the entry the proxy appended, not the client's own claims", async () => {
    const limit = 2 + Math.floor(Math.random() * 3);
    setEnv({ TRUST_PROXY_HOPS: "1", SIGNUP_LIMIT_PER_HOUR: String(limit) });
    const client = `203.0.113.${10 + Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < limit; i++) {
      expect((await signup({ "x-forwarded-for": `10.9.${i}.1, ${client}` })).status).toBe(201);
    }
    // A new claim on the left does not help: the proxy's entry is the same.
    expect((await signup({ "x-forwarded-for": `10.200.0.1, ${client}` })).status).toBe(429);
    // Another client behind the same proxy has its own bucket.
    expect((await signup({ "x-forwarded-for": `${client}, 198.18.0.${Math.floor(Math.random() * 250)}` })).status).toBe(201);
  });

  it("limits sign-ups per email domain across addresses", async () => {
    setEnv({ TRUST_PROXY_HOPS: "1", SIGNUP_DOMAIN_LIMIT_PER_HOUR: "3" });
    const domain = `bulk${rand()}.example`;
    for (let i = 0; i < 3; i++) {
      expect((await signup({ "x-forwarded-for": `198.19.${i}.${Math.floor(Math.random() * 250)}` }, body(domain))).status).toBe(201);
    }
    const fourth = await signup({ "x-forwarded-for": "198.19.99.1" }, body(domain));
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.message).toMatch(/domain/);
    expect((await signup({ "x-forwarded-for": "198.19.99.2" })).status).toBe(201);
  });
});

describe("sign-up confirmation", () => {
  async function sendOne(accountId: string) {
    const { key } = await createApiKey({ accountId, input: { name: "t" } });
    const { domain } = await makeVerifiedDomain(accountId);
    return () =>
      call(sendRoute, {
        method: "POST",
        path: "/api/v1/emails",
        key,
        body: { from: `hi@${domain}`, to: "delivered@simulator.test", subject: "Hi", text: "hello" },
      });
  }

  it("holds the free credits until the emailed link is opened, then they are usable", async () => {
    setEnv({ TRUST_PROXY_HOPS: "1", SIGNUP_REQUIRE_CONFIRMATION: "1", FREE_CREDITS: "700", APP_URL: "http://mw.test" });
    const res = await signup({ "x-forwarded-for": `192.0.2.${Math.floor(Math.random() * 250)}` });
    expect(res.status).toBe(201);
    expect(res.json.emailConfirmationRequired).toBe(true);
    const { accountId, email } = res.json;
    const db = getDb();
    expect(await db.account.findUniqueOrThrow({ where: { id: accountId } })).toMatchObject({
      creditBalance: 0,
      freeCreditsPending: 700,
      emailConfirmedAt: null,
    });

    const send = await sendOne(accountId);
    const refused = await send();
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("email_not_confirmed");

    // The confirmation goes out as a job through the configured transport: the dev inbox here.
    await runDueFor(accountId, [sendConfirmationEmailJob]);
    const mail = await db.inboxMessage.findFirstOrThrow({ where: { accountId, to: { has: email } } });
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.raw).toMatch(/^Return-Path: <no-reply@mw\.test>/);
    const link = /http:\/\/mw\.test(\/api\/signup\/confirm\?token=\S+)/.exec(mail.text ?? "")?.[1];
    expect(link).toBeTruthy();

    const tampered = await call(confirmRoute, { path: link!.replace(/.$/, (c) => (c === "A" ? "B" : "A")) });
    expect(tampered.status).toBe(400);

    const confirmed = await call(confirmRoute, { path: link! });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("http://mw.test/?emailConfirmed=1");
    const after = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(after.emailConfirmedAt).toBeInstanceOf(Date);
    expect(after.creditBalance).toBe(700);

    // Opening the link again grants nothing more.
    expect((await call(confirmRoute, { path: link! })).status).toBe(303);
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).creditBalance).toBe(700);

    expect((await send()).status).toBe(201);
  });

  it("sends the link again on request, until the address is confirmed", async () => {
    setEnv({ TRUST_PROXY_HOPS: "1", SIGNUP_REQUIRE_CONFIRMATION: "1" });
    const res = await signup({ "x-forwarded-for": `192.0.2.${Math.floor(Math.random() * 250)}` });
    const { accountId, email } = res.json;
    const { key } = await createApiKey({ accountId, input: { name: "t" } });
    const resend = () => call(resendRoute, { method: "POST", path: "/api/v1/account/confirmation", key });
    // Asked again while the first send still waits: one email, not two.
    expect((await resend()).status).toBe(200);
    await runDueFor(accountId, [sendConfirmationEmailJob]);
    expect(await getDb().inboxMessage.count({ where: { accountId, to: { has: email } } })).toBe(1);
    expect((await resend()).json).toEqual({ email, sent: true });
    await runDueFor(accountId, [sendConfirmationEmailJob]);
    const mails = await getDb().inboxMessage.findMany({ where: { accountId, to: { has: email } }, orderBy: { createdAt: "desc" } });
    expect(mails).toHaveLength(2);
    const link = /(\/api\/signup\/confirm\?token=\S+)/.exec(mails[0].text ?? "")![1];
    expect((await call(confirmRoute, { path: link })).status).toBe(303);
    const again = await resend();
    expect(again.status).toBe(409);
  });

  it("credits granted by the operator are usable before confirmation", async () => {
    setEnv({ TRUST_PROXY_HOPS: "1", SIGNUP_REQUIRE_CONFIRMATION: "1" });
    const res = await signup({ "x-forwarded-for": `192.0.2.${Math.floor(Math.random() * 250)}` });
    const { accountId } = res.json;
    await getDb().$transaction((tx) => grantCredits(tx, { accountId, amount: 5, description: "operator grant" }));
    const send = await sendOne(accountId);
    expect((await send()).status).toBe(201);
  });

  it("without SIGNUP_REQUIRE_CONFIRMATION (the default outside production) credits come at once", async () => {
    setEnv({ TRUST_PROXY_HOPS: "1", SIGNUP_REQUIRE_CONFIRMATION: undefined, APP_ENV: undefined, FREE_CREDITS: "300" });
    const res = await signup({ "x-forwarded-for": `192.0.2.${Math.floor(Math.random() * 250)}` });
    expect(res.json.emailConfirmationRequired).toBe(false);
    expect((await getDb().account.findUniqueOrThrow({ where: { id: res.json.accountId } })).creditBalance).toBe(300);
  });
});
