import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

// POST /api/mcp – the MCP server (streamable HTTP, stateless, JSON answers); Bearer API key, its scopes enforced per tool
export const POST = handleMcpRequest;

// GET and DELETE /api/mcp – 405: a stateless server has no stream to open and no session to end
export const GET = handleMcpRequest;
export const DELETE = handleMcpRequest;
