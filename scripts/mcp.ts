// npm run mcp: Mailwright's MCP server over stdio, for an agent that starts it as a child process.
//   MAILWRIGHT_API_KEY=mw_… npm run mcp
// The tools run in this process against the database (DATABASE_URL, or the embedded one that a
// running `npm start` publishes), as the key's account and within the key's scopes; sent email
// is delivered by the running worker. stdout carries the protocol only: logs go to stderr.
import pino from "pino";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { migrate } from "@/lib/db/migrate";
import { withDatabase } from "./lib/database";

(globalThis as { __mailwrightLogger?: pino.Logger }).__mailwrightLogger = pino(
  { level: process.env.LOG_LEVEL ?? "warn", base: { service: "mailwright-mcp" } },
  pino.destination(2),
);

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

const apiKey = process.env.MAILWRIGHT_API_KEY?.trim();
if (!apiKey) fail("set MAILWRIGHT_API_KEY to a Mailwright API key (create one on the dashboard's API keys page)");

await withDatabase(async (url) => {
  await migrate(url);
  process.env.DATABASE_URL = url;
  process.env.DB_POOL_SIZE ??= "2";
  const { authenticateApiKey } = await import("@/lib/api-keys/authenticate-api-key");
  const { createMcpServer } = await import("@/lib/mcp/create-mcp-server");
  const { disconnectDb } = await import("@/lib/db/client");
  const key = await authenticateApiKey(apiKey);
  if (!key) fail("MAILWRIGHT_API_KEY is not an active API key");
  const server = createMcpServer({ accountId: key.accountId, apiKeyId: key.apiKeyId, scopes: key.scopes });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  // The client ending its side of the pipe ends the server.
  process.stdin.on("end", () => void server.close());
  await server.connect(new StdioServerTransport());
  await closed;
  await disconnectDb();
});
process.exit(0);
