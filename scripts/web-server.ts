// npm run start:web (and what `npm start` runs): the Next server behind a small node:http
// server, so route handlers learn the client's real address. `next start` keeps a
// client-sent X-Forwarded-For, so the address is computed here from the socket and the
// TRUST_PROXY_HOPS trusted proxies, and passed on in a header the client cannot set.
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import next from "next";
import { stampClientAddress } from "@/lib/api/client-address";
import { connectRateLimitStore } from "@/lib/api/rate-limit";
import { getEnv } from "@/lib/config/env";
import { warnIfLocalModeInProduction } from "./lib/warn-local-mode";

const dev = process.argv.includes("--dev");
// Tells clientAddress() in this process that the stamped header is real.
process.env.MAILWRIGHT_WEB_SERVER = "1";
process.env.NEXT_TELEMETRY_DISABLED = "1";
const env = getEnv();

// In the container image this file runs (bundled) inside Next's standalone output, which has no
// next.config.ts: like the standalone server.js, hand Next the config the build recorded.
const buildManifest = path.join(process.cwd(), ".next", "required-server-files.json");
if (!dev && existsSync(buildManifest)) {
  const { config } = JSON.parse(readFileSync(buildManifest, "utf8")) as { config: { output?: string } };
  if (config.output === "standalone") process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(config);
}

const app = next({ dev, hostname: "localhost", port: env.PORT });
const handle = app.getRequestHandler();
await app.prepare();
await connectRateLimitStore();

const server = http.createServer((req, res) => {
  stampClientAddress(req, env.TRUST_PROXY_HOPS);
  void handle(req, res);
});
// An idle keep-alive connection stays open longer than the clients and proxies in front of it
// keep theirs (load balancers commonly 60 s): otherwise the server may close a socket just as a
// client sends its next request on it, and that request fails with ECONNRESET.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// Every interface, IPv6 and IPv4, as `next start` does.
server.listen(env.PORT, () => {
  console.log(`[mailwright] web server listening on port ${env.PORT}`);
  // Run on its own (the container image): said here. Under the launcher, it says it at "ready".
  if (!process.send) warnIfLocalModeInProduction();
});

function stop() {
  server.close(() => process.exit(0));
  // Keep-alive connections would hold close() open: idle ones go now, busy ones after their answer.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// Started by the launcher with an IPC channel: it closes when the launcher dies (even by
// SIGKILL), and a server without its launcher stops rather than run on as an orphan.
if (process.send) process.on("disconnect", stop);
