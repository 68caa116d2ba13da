// A web process for the shared rate-limit test: node --import tsx signup-server-child.ts
// Serves the real POST /api/signup handler over node:http, stamping the client address from
// the socket the way scripts/web-server.ts does (a Next build is too heavy for a test), and
// prints {"port": n} once listening. The limit store comes from the environment as in a deploy.
import http from "node:http";
import { stampClientAddress } from "@/lib/api/client-address";
import { connectRateLimitStore } from "@/lib/api/rate-limit";
import { getEnv } from "@/lib/config/env";

process.env.MAILWRIGHT_WEB_SERVER = "1";
const { POST } = await import("@/app/api/signup/route");
// As scripts/web-server.ts does: the limit store's connection is open before the first request.
await connectRateLimitStore();

const server = http.createServer(async (req, res) => {
  stampClientAddress(req, getEnv().TRUST_PROXY_HOPS);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const request = new Request(`http://localhost${req.url}`, {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
  const response = await POST(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on("SIGTERM", () => process.exit(0));
