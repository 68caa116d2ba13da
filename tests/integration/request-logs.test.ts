import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resend } from "resend";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { resetEnvCache } from "@/lib/config/env";
import { purgeExpiredRows } from "@/lib/jobs/purge-expired-rows";
import { enqueueRequestLog, flushRequestLogs, MAX_PENDING, requestLogStats } from "@/lib/request-logs/request-log-buffer";
import * as logsRoute from "@/app/api/v1/logs/route";
import * as emailsRoute from "@/app/api/v1/emails/route";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { startApiServer, type ApiServer } from "../helpers/api-server";

// Request logs through the official `resend` SDK (logs.list, logs.get) against the real route
// handlers over HTTP: what is kept, what is redacted, who sees it, and the 14-day purge.

let server: ApiServer;

beforeAll(async () => {
  server = await startApiServer();
  process.env.RESEND_BASE_URL = server.baseUrl;
  resetEnvCache();
});

afterAll(async () => {
  await server?.close();
  delete process.env.RESEND_BASE_URL;
  resetEnvCache();
});

async function client() {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, resend: new Resend(account.key), from: `Acme <hello@${domain.domain}>` };
}

describe("request logs: the resend SDK's logs.list and logs.get", () => {
  it("lists each request made with a key, newest first, and reads one back with its redacted bodies", async () => {
    const { resend, from, keyId } = await client();
    const sent = await resend.emails.send({
      from,
      to: ["ada@example.com"],
      subject: "Logged",
      html: "<p>Hi</p>",
      attachments: [{ filename: "secret.txt", content: Buffer.from("the attachment's bytes") }],
    });
    expect(sent.error).toBeNull();
    const created = await resend.apiKeys.create({ name: "second", permission: "sending_access" });
    expect(created.data?.token).toMatch(/^mw_/);
    const hook = await resend.webhooks.create({ endpoint: "http://127.0.0.1:9/hook", events: ["email.delivered"] });
    expect(hook.data?.signing_secret).toMatch(/^whsec_/);
    const missing = await resend.emails.get("em_doesnotexist");
    expect(missing.error).toMatchObject({ statusCode: 404 });

    const list = await resend.logs.list();
    expect(list.error).toBeNull();
    expect(list.data).toMatchObject({ object: "list", has_more: false });
    const rows = list.data!.data;
    expect(rows.map((r) => [r.method, r.endpoint, r.response_status])).toEqual([
      ["GET", "/emails/em_doesnotexist", 404],
      ["POST", "/webhooks", 201],
      ["POST", "/api-keys", 201],
      ["POST", "/emails", 201],
    ]);
    expect(rows[0].user_agent).toMatch(/^resend-node:/);
    expect(rows[3]).toMatchObject({ api_key_id: keyId });

    const email = await resend.logs.get(rows[3].id);
    expect(email.error).toBeNull();
    const emailLog = email.data!;
    expect(emailLog).toMatchObject({ object: "log", id: rows[3].id, method: "POST", endpoint: "/emails", response_status: 201 });
    expect(emailLog.request_body).toMatchObject({
      from,
      subject: "Logged",
      attachments: [{ filename: "secret.txt", content: expect.stringMatching(/^\[redacted: \d+ characters\]$/) }],
    });
    expect(emailLog.response_body).toEqual({ id: sent.data!.id });

    const key = (await resend.logs.get(rows[2].id)).data!;
    expect(key.response_body).toMatchObject({ key: "[redacted]", token: "[redacted]", name: "second" });
    expect(JSON.stringify(key)).not.toContain(created.data!.token);

    const secret = (await resend.logs.get(rows[1].id)).data!;
    expect(secret.response_body).toMatchObject({ secret: "[redacted]", signing_secret: "[redacted]" });
    expect(JSON.stringify(secret)).not.toContain(hook.data!.signing_secret);

    const notFound = (await resend.logs.get(rows[0].id)).data!;
    expect(notFound.response_body).toMatchObject({ error: { code: "not_found" } });
  });

  it("pages with the SDK's cursors and filters by status, method and path", async () => {
    const { resend, key } = await client();
    for (let i = 0; i < 3; i++) await resend.emails.list();
    await resend.emails.get("em_nope");
    await resend.contacts.create({ email: "not an address" });

    const first = await resend.logs.list({ limit: 2 });
    expect(first.data).toMatchObject({ has_more: true });
    const second = await resend.logs.list({ limit: 2, after: first.data!.data[1].id });
    const third = await resend.logs.list({ limit: 2, after: second.data!.data[1].id });
    expect(third.data!.has_more).toBe(false);
    const paths = [...first.data!.data, ...second.data!.data, ...third.data!.data].map((r) => `${r.method} ${r.endpoint}`);
    expect(paths).toEqual(["POST /contacts", "GET /emails/em_nope", "GET /emails", "GET /emails", "GET /emails"]);
    const back = await resend.logs.list({ limit: 2, before: third.data!.data[0].id });
    expect(back.data!.data.map((r) => r.id)).toEqual(second.data!.data.map((r) => r.id));

    const byQuery = async (query: string) => {
      const res = await call(logsRoute.GET, { path: `/api/v1/logs?${query}`, key });
      expect(res.status).toBe(200);
      return (res.json as { data: { method: string; endpoint: string; response_status: number }[] }).data;
    };
    expect((await byQuery("status=4xx")).map((r) => r.response_status)).toEqual([400, 404]);
    expect((await byQuery("status=404")).map((r) => r.endpoint)).toEqual(["/emails/em_nope"]);
    expect((await byQuery("method=post")).map((r) => r.endpoint)).toEqual(["/contacts"]);
    // The logs calls above are logged too: GET /logs matches "logs", not "emails".
    expect((await byQuery("path=EMAILS&method=GET")).length).toBe(4);

    const bad = await call(logsRoute.GET, { path: "/api/v1/logs?status=teapot", key });
    expect(bad.status).toBe(400);
    const both = await call(logsRoute.GET, { path: `/api/v1/logs?after=${first.data!.data[0].id}&before=${first.data!.data[0].id}`, key });
    expect(both.status).toBe(400);
  });

  it("keeps each account's log to itself", async () => {
    const a = await client();
    const b = await client();
    await a.resend.emails.list();
    const aLogs = (await a.resend.logs.list()).data!.data;
    expect(aLogs.length).toBeGreaterThan(0);
    const bLogs = (await b.resend.logs.list()).data!.data;
    expect(bLogs.map((r) => r.id)).not.toContain(aLogs[0].id);
    expect((await b.resend.logs.get(aLogs[0].id)).error).toMatchObject({ statusCode: 404 });
  });

  it("logs no request without a valid key, and one with it", async () => {
    const { accountId, key } = await client();
    await call(emailsRoute.GET, { path: "/api/v1/emails", key: "mw_" + "x".repeat(40) });
    await flushRequestLogs();
    expect(await getDb().requestLog.count({ where: { accountId } })).toBe(0);
    await call(emailsRoute.GET, { path: "/api/v1/emails", key });
    await flushRequestLogs();
    expect(await getDb().requestLog.count({ where: { accountId } })).toBe(1);
  });
});

describe("request logs: the buffer", () => {
  it("drops and counts entries past its bound instead of waiting, and writes the rest in batches", async () => {
    const { accountId } = await makeAccount();
    await flushRequestLogs();
    const before = requestLogStats();
    const entry = {
      accountId,
      apiKeyId: null,
      requestId: "r",
      method: "GET",
      path: "/emails",
      query: null,
      status: 200,
      durationMs: 1,
      userAgent: null,
      createdAt: now(),
      requestBody: undefined,
      responseBody: { ok: true },
    };
    let accepted = 0;
    for (let i = 0; i < MAX_PENDING + 25; i++) if (enqueueRequestLog(entry)) accepted++;
    expect(accepted).toBe(MAX_PENDING);
    expect(requestLogStats().dropped - before.dropped).toBe(25);
    await flushRequestLogs();
    expect(requestLogStats().pending).toBe(0);
    expect(await getDb().requestLog.count({ where: { accountId } })).toBe(MAX_PENDING);
  });
});

describe("request logs: maintenance.purge", () => {
  it("deletes entries older than 14 days and keeps the rest", async () => {
    const { accountId } = await makeAccount();
    const at = now().getTime();
    const row = (ageDays: number) =>
      getDb().requestLog.create({
        data: {
          id: newId("log"),
          accountId,
          requestId: "r",
          method: "GET",
          path: "/emails",
          status: 200,
          durationMs: 3,
          createdAt: new Date(at - ageDays * 86_400_000),
        },
      });
    const old = await row(15);
    const recent = await row(13);
    const result = await purgeExpiredRows({ batchSize: 1 });
    expect(result.requestLogs).toBeGreaterThanOrEqual(1);
    const left = await getDb().requestLog.findMany({ where: { accountId } });
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    expect(left.map((r) => r.id)).not.toContain(old.id);
  });
});
