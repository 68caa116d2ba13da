import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import * as mcpRoute from "@/app/api/mcp/route";
import { getDb } from "@/lib/db/client";
import { makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

// The MCP server through the SDK's own client: over streamable HTTP against the real /api/mcp
// route handler (a node:http server hands it each request as Next would), and over stdio
// against `npm run mcp` started as a child process, the way an agent starts it.

const TOOLS = [
  "create_template",
  "get_analytics_overview",
  "get_email",
  "get_template",
  "list_automations",
  "list_contacts",
  "list_emails",
  "list_templates",
  "send_email",
  "start_automation_test_run",
  "upsert_contact",
];

let server: http.Server;
let url: URL;

beforeAll(async () => {
  const handlers = mcpRoute as unknown as Record<string, (req: Request) => Promise<Response>>;
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const handler = handlers[req.method ?? "GET"];
    if (!handler) {
      res.writeHead(405).end();
      return;
    }
    const response = await handler(
      new Request(new URL(req.url ?? "/", "http://127.0.0.1"), {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

async function account(scopes: ("send:email" | "full_access")[]) {
  const made = await makeAccount({ scopes });
  await getDb().account.update({ where: { id: made.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const domain = await makeVerifiedDomain(made.accountId);
  return { ...made, from: `Agent <agent@${domain.domain}>` };
}

async function httpClient(key: string) {
  const client = new Client({ name: "mailwright-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };
const text = (result: unknown) => JSON.parse((result as ToolResult).content[0].text!);

describe("MCP over streamable HTTP (/api/mcp)", () => {
  it("lists the tools with the routes' input schemas", async () => {
    const { key } = await account(["send:email"]);
    const client = await httpClient(key);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const send = tools.find((t) => t.name === "send_email")!;
    expect(send.inputSchema).toMatchObject({ type: "object", required: expect.arrayContaining(["from", "to"]) });
    expect(Object.keys(send.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["subject", "html", "attachments", "scheduled_at"]),
    );
    expect(tools.find((t) => t.name === "get_email")!.annotations).toMatchObject({ readOnlyHint: true });
    await client.close();
  });

  it("sends an email with a send:email key and refuses that key a full_access tool", async () => {
    const { key, accountId, from } = await account(["send:email"]);
    const client = await httpClient(key);
    const sent = (await client.callTool({
      name: "send_email",
      arguments: { from, to: "ada@example.com", subject: "From an agent", html: "<p>Hi</p>" },
    })) as ToolResult;
    expect(sent.isError).toBeFalsy();
    const { id } = text(sent);
    expect(id).toMatch(/^em_/);
    expect(sent.structuredContent).toEqual({ id });
    expect(await getDb().email.findFirstOrThrow({ where: { id, accountId } })).toMatchObject({ subject: "From an agent" });

    const refused = (await client.callTool({ name: "list_emails", arguments: {} })) as ToolResult;
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatchObject({ error: { code: "forbidden", message: "this API key lacks the full_access scope" } });

    const invalid = (await client.callTool({ name: "send_email", arguments: { from, to: [], subject: "x", html: "x" } })) as ToolResult;
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatchObject({ error: { code: "validation_error", details: [{ path: "to" }] } });
    await client.close();
  });

  it("runs the full_access tools as the key's account", async () => {
    const { key, from } = await account(["full_access"]);
    const client = await httpClient(key);
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      const result = (await client.callTool({ name, arguments: args })) as ToolResult;
      expect(result.isError, `${name}: ${result.content[0].text}`).toBeFalsy();
      return text(result);
    };
    const { id } = await call("send_email", { from, to: ["grace@example.com"], subject: "Listed", text: "Hello" });
    // Numbers are accepted where the route's query would carry text.
    const listed = await call("list_emails", { limit: 5 });
    expect(listed.data.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(await call("get_email", { id })).toMatchObject({ id, subject: "Listed" });

    const template = await call("create_template", { name: "Welcome", subject: "Hi {{name}}", htmlBody: "<p>Hi {{name}}</p>" });
    expect(await call("get_template", { id: template.id })).toMatchObject({ id: template.id, name: "Welcome" });
    expect((await call("list_templates", { search: "wel" })).data.map((t: { id: string }) => t.id)).toEqual([template.id]);

    const first = await call("upsert_contact", { email: "Lin@Example.com", properties: { plan: "free" } });
    expect(first).toMatchObject({ created: true, contact: { email: "lin@example.com", properties: { plan: "free" } } });
    const again = await call("upsert_contact", { email: "lin@example.com", first_name: "Lin", properties: { seats: 3 } });
    expect(again).toMatchObject({ created: false, contact: { id: first.contact.id, name: "Lin", properties: { plan: "free", seats: 3 } } });
    expect((await call("list_contacts", {})).data).toHaveLength(1);

    expect((await call("list_automations", { status: "paused" })).data).toEqual([]);
    const noSuch = (await client.callTool({
      name: "start_automation_test_run",
      arguments: { automation_id: "aut_nope", email: "tester@example.com" },
    })) as ToolResult;
    expect(text(noSuch)).toMatchObject({ error: { code: "not_found" } });
    expect(await call("get_analytics_overview", {})).toHaveProperty("sent");

    const otherAccount = await account(["full_access"]);
    const other = await httpClient(otherAccount.key);
    const hidden = (await other.callTool({ name: "get_email", arguments: { id } })) as ToolResult;
    expect(text(hidden)).toMatchObject({ error: { code: "not_found" } });
    await other.close();
    await client.close();
  });

  it("answers 401 without a valid key", async () => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await res.json()).toMatchObject({ error: { code: "unauthorized" } });
    await expect(httpClient("mw_" + "z".repeat(40))).rejects.toThrow();
    const stream = await fetch(url, { headers: { accept: "text/event-stream" } });
    expect(stream.status).toBe(405);
    expect(stream.headers.get("allow")).toBe("POST");
  });
});

describe("MCP over stdio (npm run mcp)", () => {
  it("lists the tools, sends with a send:email key and refuses it a full_access tool", async () => {
    const { key, accountId, from } = await account(["send:email"]);
    const client = new Client({ name: "mailwright-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: "npm",
        args: ["run", "--silent", "mcp"],
        env: { ...(process.env as Record<string, string>), MAILWRIGHT_API_KEY: key, LOG_LEVEL: "silent" },
        stderr: "pipe",
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);

    const sent = (await client.callTool({
      name: "send_email",
      arguments: { from, to: "ada@example.com", subject: "Over stdio", text: "Hi" },
    })) as ToolResult;
    expect(sent.isError).toBeFalsy();
    const { id } = text(sent);
    expect(await getDb().email.findFirstOrThrow({ where: { id, accountId } })).toMatchObject({ subject: "Over stdio" });

    const refused = (await client.callTool({
      name: "create_template",
      arguments: { name: "x", subject: "x", htmlBody: "x" },
    })) as ToolResult;
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatchObject({ error: { code: "forbidden" } });
    expect(await getDb().template.count({ where: { accountId } })).toBe(0);
    await client.close();
  }, 120_000);
});
