import { z } from "zod";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { ApiError, errorBody, toApiError, validationError } from "@/lib/api/errors";
import { parseInput } from "@/lib/api/parse-input";
import { scopeAllows } from "@/lib/api-keys/scopes";
import type { ApiKeyScopeName } from "@/lib/api-keys/schemas";
import { logger } from "@/lib/log/logger";
import { MCP_TOOLS, type McpTool } from "./tools";

// The MCP server for one API key. It is built on the SDK's protocol-level Server rather than
// McpServer: McpServer describes only plain object schemas and lists any other (the send body is
// an object piped through a transform) as taking no arguments, while the routes' schemas must be
// shown and applied as they are. Every tool is listed; one the key's scopes do not allow answers
// the route's 403 body, as the HTTP API would.

export interface McpAuth {
  accountId: string;
  apiKeyId: string;
  scopes: ApiKeyScopeName[];
}

const SERVER_INFO = { name: "mailwright", version: "1.0.0" };

function describe(tool: McpTool): Tool {
  const inputSchema = z.toJSONSchema(tool.input, { io: "input", unrepresentable: "any" }) as Tool["inputSchema"];
  delete (inputSchema as { $schema?: string }).$schema;
  return {
    name: tool.name,
    title: tool.title,
    description: `${tool.description} Needs an API key with ${tool.scope}${tool.scope === "full_access" ? "" : " (or full_access)"}.`,
    inputSchema,
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
  };
}

/** What a query string would have carried: top-level numbers and booleans as text. */
function asQuery(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key, typeof value === "number" || typeof value === "boolean" ? String(value) : value]),
  );
}

function failure(error: ApiError): CallToolResult {
  return { isError: true, content: [{ type: "text", text: JSON.stringify(errorBody(error)) }] };
}

export async function callTool(auth: McpAuth, tool: McpTool, args: Record<string, unknown>): Promise<CallToolResult> {
  if (!scopeAllows(auth.scopes, tool.scope)) return failure(new ApiError("forbidden", `this API key lacks the ${tool.scope} scope`));
  const parsed = parseInput(tool.input, tool.fromQuery ? asQuery(args) : args);
  if (!parsed.success) return failure(validationError(parsed.error));
  try {
    const result = await tool.run({ accountId: auth.accountId }, parsed.data);
    const structured = result && typeof result === "object" && !Array.isArray(result) ? (result as Record<string, unknown>) : undefined;
    return { content: [{ type: "text", text: JSON.stringify(result) }], ...(structured ? { structuredContent: structured } : {}) };
  } catch (thrown) {
    const error = toApiError(thrown);
    if (error.status >= 500) logger().error({ err: thrown, tool: tool.name, accountId: auth.accountId }, "MCP tool failed");
    return failure(error);
  }
}

export function createMcpServer(auth: McpAuth): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      "Mailwright sends email and runs automations. Tools mirror the HTTP API under /api/v1: the same inputs, the same errors (a JSON body with error.code and error.message).",
  });
  const byName = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: MCP_TOOLS.map(describe) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) return failure(new ApiError("not_found", `no tool named ${request.params.name}`));
    return callTool(auth, tool, request.params.arguments ?? {});
  });
  return server;
}
