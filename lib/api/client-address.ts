import type { IncomingMessage } from "node:http";
import { getEnv } from "@/lib/config/env";

// The client's address for per-address limits (sign-up, login, public routes), in one place.
//
// An App Router handler has no socket, and `next start` fills X-Forwarded-For from the socket
// only when the client sent none, so that header is whatever the client wants. The web server
// (scripts/web-server.ts) therefore computes the address from the real socket and the trusted
// part of X-Forwarded-For, and hands it over in CLIENT_ADDRESS_HEADER, replacing any copy the
// client sent. That header counts only in the web server's own process (MAILWRIGHT_WEB_SERVER).

export const CLIENT_ADDRESS_HEADER = "x-mailwright-client-ip";
/** Every request whose address cannot be known shares this one bucket. */
export const UNKNOWN_ADDRESS = "unknown";

function forwardedList(value: string | string[] | null | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(",") : (value ?? "");
  return joined
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The entry `hops` places from the right of [...X-Forwarded-For, socket]: each trusted proxy
 * appended the address it saw, so anything further left is the client's own claim. With fewer
 * entries than hops, the leftmost one (what the outermost proxy saw).
 */
export function addressFromChain(forwardedFor: string | string[] | null | undefined, socket: string | undefined, hops: number): string {
  const chain = [...forwardedList(forwardedFor), ...(socket ? [socket] : [])];
  if (!socket && hops === 0) return UNKNOWN_ADDRESS;
  const index = chain.length - 1 - (socket ? hops : hops - 1);
  const entry = chain[Math.max(index, 0)];
  return entry ? normalize(entry) : UNKNOWN_ADDRESS;
}

function normalize(address: string): string {
  // IPv4 clients on a dual-stack socket show as ::ffff:a.b.c.d.
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1").toLowerCase();
}

/** The client's address for this request (see above); "unknown" when it cannot be known. */
export function clientAddress(req: Request): string {
  return clientAddressOf(req.headers);
}

/** The same from a headers object (next-auth hands authorize() plain header records). */
export function clientAddressOf(headers: Headers | Record<string, string | string[] | undefined>): string {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  const env = getEnv();
  if (env.MAILWRIGHT_WEB_SERVER) {
    const stamped = get(CLIENT_ADDRESS_HEADER);
    if (typeof stamped === "string" && stamped) return stamped;
  }
  // No trustworthy socket address here (in-process calls, or plain `next start`): with hops=0
  // nothing in the request can be trusted, so all such requests share one bucket.
  return addressFromChain(get("x-forwarded-for"), undefined, env.TRUST_PROXY_HOPS);
}

/**
 * For the web server, before Next sees the request: sets CLIENT_ADDRESS_HEADER from the socket
 * and the trusted hops, dropping every copy the client sent (in headers and rawHeaders).
 */
export function stampClientAddress(req: IncomingMessage, hops: number): string {
  const address = addressFromChain(req.headers["x-forwarded-for"], req.socket.remoteAddress, hops);
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i].toLowerCase() === CLIENT_ADDRESS_HEADER) req.rawHeaders.splice(i, 2);
  }
  req.rawHeaders.push(CLIENT_ADDRESS_HEADER, address);
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}
