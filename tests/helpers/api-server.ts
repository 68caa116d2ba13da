import http from "node:http";
import type { AddressInfo } from "node:net";
import { stampClientAddress } from "@/lib/api/client-address";
import { getEnv } from "@/lib/config/env";
import { resendForwardedPath } from "@/lib/api/resend-base-path";
import { findRoutes, loadRoute, type RouteHandler } from "./routes";

// A started HTTP server over the real /api/v1 route handlers, for clients that make real
// requests (the Resend SDK). A Next build is too heavy for a test, so this routes the way the
// App Router does: by the folders under app/api/v1, a static segment before an [id] one, path
// segments decoded into params; a path no route file serves goes to the catch-all
// (app/api/v1/[[...path]]), and a method a route file does not export is an empty 405.

interface Route {
  segments: string[];
  /** By method, OPTIONS included. */
  handlers: Partial<Record<string, RouteHandler>>;
  /** "1" per static segment, "0" per dynamic one: the higher string wins among matches. */
  rank: string;
}

export interface ApiServer {
  /** What a user sets as RESEND_BASE_URL: http://127.0.0.1:<port>/api/v1 */
  baseUrl: string;
  requests: { method: string; path: string; headers: Record<string, string> }[];
  close(): Promise<void>;
}

function match(routes: Route[], path: string) {
  let parts: string[];
  try {
    parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const found = routes
    .filter((r) => r.segments.length === parts.length && r.segments.every((s, i) => s.startsWith("[") || s === parts[i]))
    .sort((a, b) => b.rank.localeCompare(a.rank))[0];
  if (!found) return null;
  const params: Record<string, string> = {};
  found.segments.forEach((s, i) => {
    const name = /^\[(\w+)\]$/.exec(s)?.[1];
    if (name) params[name] = parts[i];
  });
  return { route: found, params };
}

export async function startApiServer(): Promise<ApiServer> {
  const routes: Route[] = await Promise.all(
    findRoutes(["app/api/v1", "app/files"]).map(async (file) => {
      const segments = file.pattern.split("/").filter(Boolean);
      // OPTIONS too: every route file exports one (refuseOtherMethods), as Next would call it.
      const { OPTIONS } = (await import(/* @vite-ignore */ file.file)) as { OPTIONS?: RouteHandler };
      return {
        segments,
        handlers: { ...(await loadRoute(file, { withRefusals: true })), ...(OPTIONS ? { OPTIONS } : {}) },
        rank: segments.map((s) => (s.startsWith("[") ? "0" : "1")).join(""),
      };
    }),
  );
  const catchAll = (await import("@/app/api/v1/[[...path]]/route")) as unknown as Partial<Record<string, RouteHandler>>;
  const requests: ApiServer["requests"] = [];
  const server = http.createServer(async (req, res) => {
    try {
      stampClientAddress(req, getEnv().TRUST_PROXY_HOPS);
      // The Host the client used, as Next builds a request's URL (download links point there).
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, headers: Object.fromEntries(headers) });
      // next.config.ts's rewrite of the resend SDK's base path.
      const found = match(routes, resendForwardedPath(url.pathname));
      const handler = (found ? found.route.handlers : catchAll)[req.method ?? "GET"];
      if (!handler) {
        res.writeHead(405);
        res.end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = new Request(url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      const response = await handler(request, { params: Promise.resolve(found?.params ?? {}) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  // Node closes an idle kept-alive socket after 5 s; a client (undici, under the SDK) that picks
  // it up as the server closes it fails the request ("Unable to fetch data"). A test that waits on
  // deliveries between calls on a loaded machine hits that window: keep sockets open longer.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
