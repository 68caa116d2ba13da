import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

// POST /api/mcp – the MCP server (streamable HTTP, stateless, JSON answers); Bearer API key, its scopes enforced per tool
export const POST = handleMcpRequest;

// GET and DELETE /api/mcp – no server-sent stream or session to open or end: the transport answers 405
export const GET = handleMcpRequest;
export const DELETE = handleMcpRequest;
