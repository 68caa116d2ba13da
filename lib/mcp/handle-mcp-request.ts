import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { ApiError } from "@/lib/api/errors";
import { API_SECURITY_HEADERS, errorResponse } from "@/lib/api/handler";
import { consumeRateLimit, limitConfig } from "@/lib/api/rate-limit";
import { readBody } from "@/lib/api/read-body";
import { authenticateApiKey } from "@/lib/api-keys/authenticate-api-key";
import { DEFAULT_MAX_BODY_BYTES } from "@/lib/api/define-operation";
import { sendEmailOp } from "@/lib/emails/operations";
import { createMcpServer } from "./create-mcp-server";

// The MCP server over streamable HTTP, stateless: each request is authenticated by its own
// Bearer key and served by a server made for that key, answered as JSON (no session, no
// stream to keep). The body cap is the send operation's: an email with attachments fits.
const MAX_BODY = sendEmailOp.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

async function authenticate(req: Request) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  const key = match ? await authenticateApiKey(match[1]) : null;
  if (!key) {
    throw new ApiError("unauthorized", "send Authorization: Bearer <key> with an active Mailwright API key", undefined, {
      "WWW-Authenticate": 'Bearer realm="mailwright"',
    });
  }
  const rate = await consumeRateLimit(`key:${key.apiKeyId}`, limitConfig(key.rateLimit));
  return { key, headers: rate.headers };
}

export async function handleMcpRequest(req: Request): Promise<Response> {
  let response: Response;
  try {
    // Stateless: no server-sent stream to open (GET) and no session to end (DELETE).
    if (req.method !== "POST") {
      throw new ApiError("method_not_allowed", "the MCP endpoint takes POST only (stateless: no stream or session)", undefined, {
        Allow: "POST",
      });
    }
    const { key, headers } = await authenticate(req);
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(new TextDecoder().decode(await readBody(req, MAX_BODY)));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError("invalid_json", "the body is not a JSON-RPC message");
    }
    const server = createMcpServer({ accountId: key.accountId, apiKeyId: key.apiKeyId, scopes: key.scopes });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    response = await transport.handleRequest(req, { parsedBody });
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    // With JSON responses the answer is complete here: nothing is left for this server to send.
    void server.close();
  } catch (thrown) {
    return errorResponse(thrown);
  }
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}
