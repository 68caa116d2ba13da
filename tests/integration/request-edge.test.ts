import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import * as templates from "@/app/api/v1/templates/route";
import * as templateById from "@/app/api/v1/templates/[id]/route";
import * as contacts from "@/app/api/v1/contacts/route";
import * as contactsImport from "@/app/api/v1/contacts/import/route";
import * as lists from "@/app/api/v1/lists/route";
import * as apiKeys from "@/app/api/v1/api-keys/route";
import * as webhooks from "@/app/api/v1/webhooks/route";
import * as automations from "@/app/api/v1/automations/route";
import * as activate from "@/app/api/v1/automations/[id]/activate/route";
import * as emails from "@/app/api/v1/emails/route";
import * as batch from "@/app/api/v1/emails/batch/route";
import * as signup from "@/app/api/signup/route";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import * as unsubscribe from "@/app/u/[token]/route";
import * as inngest from "@/app/api/inngest/route";
import { resetEnvCache } from "@/lib/config/env";
import { boundRequestBody } from "@/lib/api/bound-request-body";
import { getDb } from "@/lib/db/client";
import { call, makeAccount } from "../helpers/api";
import { endlessRequest } from "../helpers/streams";

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const noParams = { params: Promise.resolve({}) };

describe("request bodies are read as a stream and stopped at the limit (413)", () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await makeAccount());
  });

  it("apiHandler: an endless chunked body is cut off just past the limit", async () => {
    const { req, state } = endlessRequest("http://localhost/api/v1/lists", {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
    });
    const res = await lists.POST(req, noParams);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
    expect(res.headers.get("connection")).toBe("close");
    expect(state.cancelled).toBe(true);
    // The default limit is 1 MiB; the stream's one-chunk read-ahead is all that may follow.
    expect(state.made).toBeGreaterThan(MiB);
    expect(state.made).toBeLessThanOrEqual(MiB + 2 * CHUNK);
  });

  it("apiHandler: a Content-Length above the limit is refused before a byte is read", async () => {
    const { req, state } = endlessRequest("http://localhost/api/v1/lists", {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "content-length": String(MiB + 1),
    });
    const res = await lists.POST(req, noParams);
    expect(res.status).toBe(413);
    expect(state.made).toBeLessThanOrEqual(CHUNK); // at most the stream's own read-ahead
  });

  it("a route that takes no body still stops an endless one", async () => {
    const { req, state } = endlessRequest("http://localhost/api/v1/automations/aut_x/activate", { authorization: `Bearer ${key}` });
    const res = await activate.POST(req, { params: Promise.resolve({ id: "aut_x" }) });
    expect(res.status).toBe(413);
    expect(state.made).toBeLessThanOrEqual(MiB + 2 * CHUNK);
  });

  it("/api/signup stops an endless body", async () => {
    const { req, state } = endlessRequest("http://localhost/api/signup", { "content-type": "application/json" });
    const res = await signup.POST(req, noParams);
    expect(res.status).toBe(413);
    expect(state.made).toBeLessThanOrEqual(MiB + 2 * CHUNK);
  });

  it("the next-auth routes stop an endless body at 64 KiB, before next-auth reads it", async () => {
    const { req, state } = endlessRequest(
      "http://localhost/api/auth/callback/credentials",
      { "content-type": "application/x-www-form-urlencoded" },
      4096,
    );
    const res = await nextAuth.POST(new NextRequest(req), { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) });
    expect(res.status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.made).toBeLessThanOrEqual(64 * 1024 + 2 * 4096);
  });

  it("the next-auth wrapper hands next-auth the same body and headers when small", async () => {
    const form = "csrfToken=abc&email=a%40example.test&password=p&json=true";
    const req = new NextRequest("http://localhost/api/auth/callback/credentials?x=1", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "a=b" },
      body: form,
    });
    const bounded = await boundRequestBody(req, 64 * 1024);
    expect(bounded.nextUrl.searchParams.get("x")).toBe("1");
    expect(bounded.headers.get("cookie")).toBe("a=b");
    expect(bounded.method).toBe("POST");
    expect(await bounded.text()).toBe(form);
  });

  it("the one-click unsubscribe POST stops an endless body", async () => {
    const { req, state } = endlessRequest("http://localhost/u/anything", { "content-type": "application/x-www-form-urlencoded" }, 1024);
    const res = await unsubscribe.POST(req, { params: Promise.resolve({ token: "anything" }) });
    expect(res.status).toBe(413);
    expect(state.made).toBeLessThanOrEqual(8 * 1024 + 2 * 1024);
    // A real one-click body still gets through (to the invalid-link page for a bad token).
    const ok = await unsubscribe.POST(new Request("http://localhost/u/anything", { method: "POST", body: "List-Unsubscribe=One-Click" }), {
      params: Promise.resolve({ token: "anything" }),
    });
    expect(ok.status).toBe(404);
  });

  it("/api/inngest (when on) stops an endless body at 32 MiB, before the Inngest handler reads it", async () => {
    const before = process.env.INNGEST_DEV;
    process.env.INNGEST_DEV = "1";
    resetEnvCache();
    try {
      const { req, state } = endlessRequest("http://localhost/api/inngest?fnId=x&stepId=step", { "content-type": "application/json" }, MiB);
      const res = await inngest.POST(req, noParams);
      expect(res.status).toBe(413);
      expect(state.cancelled).toBe(true);
      expect(state.made).toBeLessThanOrEqual(34 * MiB);
    } finally {
      if (before === undefined) delete process.env.INNGEST_DEV;
      else process.env.INNGEST_DEV = before;
      resetEnvCache();
    }
  });

  describe("over a real socket, the way next start hands the body over", () => {
    // Like Next's App Router adapter: the IncomingMessage itself is the Request body (not
    // buffered), and the handler's Response is written back with its headers.
    let server: http.Server;
    let received = 0;
    beforeAll(async () => {
      server = http.createServer(async (incoming, outgoing) => {
        const req = new Request(`http://localhost${incoming.url}`, {
          method: incoming.method,
          headers: incoming.headers as Record<string, string>,
          body: incoming as unknown as ReadableStream,
          duplex: "half",
        } as RequestInit);
        const socket = incoming.socket!;
        const res = await lists.POST(req, noParams);
        received = socket.bytesRead;
        outgoing.writeHead(res.status, Object.fromEntries(res.headers));
        outgoing.end(Buffer.from(await res.arrayBuffer()));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it("answers 413 while the client is still uploading, having read about the limit", async () => {
      const { port } = server.address() as AddressInfo;
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 64 * MiB) return controller.close();
          sent += CHUNK;
          controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
        },
      });
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/lists`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe("payload_too_large");
      expect(received).toBeGreaterThan(MiB);
      expect(received).toBeLessThan(4 * MiB); // the limit plus socket buffers, not 64 MiB
      expect(sent).toBeLessThan(32 * MiB);
    });
  });
});

describe("U+0000 in any string is a 400 naming the path, never a 500", () => {
  let key: string;
  beforeAll(async () => {
    const account = await makeAccount();
    key = account.key;
    await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  });

  const cases: { name: string; handler: (req: Request) => Promise<Response>; path: string; body: unknown; at: string }[] = [
    { name: "list name", handler: lists.POST, path: "/api/v1/lists", body: { name: "a\u0000b" }, at: "name" },
    { name: "API key name", handler: apiKeys.POST, path: "/api/v1/api-keys", body: { name: "k\u0000" }, at: "name" },
    {
      name: "template body",
      handler: templates.POST,
      path: "/api/v1/templates",
      body: { name: "t", subject: "s", htmlBody: "<p>\u0000</p>" },
      at: "htmlBody",
    },
    {
      name: "contact property value",
      handler: contacts.POST,
      path: "/api/v1/contacts",
      body: { email: "nul@example.test", properties: { plan: "pro\u0000" } },
      at: "properties.plan",
    },
    {
      name: "contact property name",
      handler: contacts.POST,
      path: "/api/v1/contacts",
      body: { email: "nul2@example.test", properties: { "pl\u0000an": "pro" } },
      at: "properties.pl\\u0000an",
    },
    {
      name: "CSV import text",
      handler: contactsImport.POST,
      path: "/api/v1/contacts/import",
      body: { csv: "email,name\nnul4@example.test,A\u0000B\n" },
      at: "csv",
    },
    {
      name: "webhook url",
      handler: webhooks.POST,
      path: "/api/v1/webhooks",
      body: { url: "https://example.test/\u0000" },
      at: "url",
    },
    {
      name: "automation step body",
      handler: automations.POST,
      path: "/api/v1/automations",
      body: {
        name: "a",
        triggerType: "list_join",
        triggerConfig: { listName: "x" },
        steps: [{ delayMinutes: 0, subject: "s", bodyHtml: "<p>\u0000</p>" }],
      },
      at: "steps.0.bodyHtml",
    },
    {
      name: "email subject",
      handler: emails.POST,
      path: "/api/v1/emails",
      body: { from: "a@example.test", to: ["b@example.test"], subject: "hi\u0000", text: "x" },
      at: "subject",
    },
    {
      name: "batch item tag",
      handler: batch.POST,
      path: "/api/v1/emails/batch",
      body: [
        { from: "a@example.test", to: ["b@example.test"], subject: "ok", text: "x" },
        { from: "a@example.test", to: ["b@example.test"], subject: "ok", text: "x", tags: [{ name: "t", value: "\u0000" }] },
      ],
      at: "1.tags.0.value",
    },
  ];

  for (const c of cases) {
    it(`body: ${c.name}`, async () => {
      const res = await call(c.handler, { method: "POST", path: c.path, key, body: c.body });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      expect(res.json.error.details).toContainEqual({ path: c.at, message: "must not contain the NUL character (U+0000)" });
    });
  }

  it("the same bodies without the NUL are accepted (the check is not a blanket refusal)", async () => {
    const res = await call(lists.POST, { method: "POST", path: "/api/v1/lists", key, body: { name: "a b" } });
    expect(res.status).toBe(201);
    const contact = await call(contacts.POST, {
      method: "POST",
      path: "/api/v1/contacts",
      key,
      body: { email: "nul3@example.test", properties: { plan: "pro" } },
    });
    expect(contact.status).toBe(201);
  });

  it("query string", async () => {
    const res = await call(contacts.GET, { path: `/api/v1/contacts?search=${encodeURIComponent("a\u0000")}`, key });
    expect(res.status).toBe(400);
    expect(res.json.error.details[0].path).toBe("search");
  });

  it("route parameter: 404", async () => {
    for (const handler of [templateById.GET, templateById.DELETE]) {
      const res = await call(handler, { method: "GET", path: "/api/v1/templates/tpl_%00", key, params: { id: "tpl_\u0000" } });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
  });
});

describe("a malformed session cookie is no session (401), never a 500", () => {
  const cookies = [
    "next-auth.session-token=%E0%A4%A",
    "next-auth.session-token=%",
    "next-auth.session-token=not-a-jwt",
    "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..AAAA.BBBB.CCCC",
    "a=%zz; next-auth.session-token=\u00e9\u00e0; b",
    "next-auth.session-token",
  ];
  for (const cookie of cookies) {
    it(JSON.stringify(cookie), async () => {
      const res = await call(lists.GET, { path: "/api/v1/lists", headers: { cookie, host: "localhost" } });
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe("unauthorized");
    });
  }
});

describe("security headers on API responses", () => {
  it("success and error responses carry nosniff and a Referrer-Policy", async () => {
    const { key } = await makeAccount();
    const ok = await call(lists.GET, { path: "/api/v1/lists", key });
    const denied = await call(lists.GET, { path: "/api/v1/lists" });
    expect([ok.status, denied.status]).toEqual([200, 401]);
    for (const res of [ok, denied]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
