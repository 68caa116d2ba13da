import http from "node:http";
import https from "node:https";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { BlockedAddressError, blockedAddressReason, ipLiteralHost } from "./address-policy";

// Outgoing webhook requests. The address check happens where the socket connects:
// Node's http client calls our `lookup` for the host and connects to exactly the addresses it
// returns, so a name that resolves to a public address at create time and to 127.0.0.1 now
// (DNS rebinding) is refused at the moment it would matter. IP literals never go through a
// lookup, so they are checked before the request starts. Redirects are never followed.
//
// Connections are kept alive and reused per origin (a keep-alive agent whose every new socket
// goes through the checked lookup): a pooled socket stays connected to the address that was
// checked when it opened, so reuse never reaches an address that was not checked, whatever the
// name resolves to by then. Agents are per (protocol, allowPrivate, resolver): a request that
// may not reach private addresses never borrows a socket opened by one that may.

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (dns.lookup: /etc/hosts, then DNS). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A `lookup` for net.connect that resolves with `resolve` and refuses non-public addresses. */
export function guardedLookup(options: { allowPrivate: boolean; resolve?: HostResolver }): LookupFunction {
  const resolve = options.resolve ?? systemResolver;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const addresses = found.filter((a) => !wanted || a.family === wanted);
        if (!addresses.length) {
          const error = Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND", hostname });
          return callback(error, "", 0);
        }
        if (!options.allowPrivate) {
          // One bad address refuses the host: happy eyeballs may connect to any of them.
          for (const { address } of addresses) {
            const reason = blockedAddressReason(address);
            if (reason) return callback(new BlockedAddressError(hostname, address, reason), "", 0);
          }
        }
        if (lookupOptions.all) return (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

// An idle pooled socket is closed after this long, before a receiver's own keep-alive timeout
// (Node's default is 5 s) would close it under a request being written.
const IDLE_SOCKET_MS = 4_000;
// Idle sockets kept per origin: at most WEBHOOK_MAX_IN_FLIGHT are busy per webhook, and a
// few webhooks may share a receiver.
const MAX_IDLE_SOCKETS_PER_ORIGIN = 16;

const g = globalThis as unknown as { __mailwrightWebhookAgents?: WeakMap<HostResolver, Map<string, http.Agent>> };
const agents = (g.__mailwrightWebhookAgents ??= new WeakMap());

/** The keep-alive agent for this protocol, address policy and resolver (one per process). */
function agentFor(protocol: string, allowPrivate: boolean, resolve: HostResolver): http.Agent {
  let byKey = agents.get(resolve);
  if (!byKey) agents.set(resolve, (byKey = new Map()));
  const key = `${protocol}|${allowPrivate}`;
  let agent = byKey.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      // A request is a head and a body written separately: no waiting on a delayed ACK between them.
      noDelay: true,
      maxFreeSockets: MAX_IDLE_SOCKETS_PER_ORIGIN,
      timeout: IDLE_SOCKET_MS,
      lookup: guardedLookup({ allowPrivate, resolve }),
    };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    byKey.set(key, agent);
  }
  return agent;
}

/** Refuses a URL whose host is an IP literal in a blocked range (names are checked at connect). */
export function assertLiteralHostAllowed(url: URL) {
  const literal = ipLiteralHost(url.hostname);
  if (!literal) return;
  const reason = blockedAddressReason(literal);
  if (reason) throw new BlockedAddressError(literal, literal, reason);
}

export interface SafePostOptions {
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** How much of the response body to keep. */
  maxResponseBytes: number;
  allowPrivate: boolean;
  resolve?: HostResolver;
  /** Called with the request's headers as written (lower-case names, Host included) once it starts. */
  onRequestHeaders?: (headers: Record<string, string>) => void;
}

export interface SafePostResult {
  statusCode: number;
  location: string | null;
  /** The response's headers, lower-case names (repeated ones joined with ", "). */
  headers: Record<string, string>;
  /** The first maxResponseBytes of the body, as UTF-8. */
  body: string;
  /** The body was longer than maxResponseBytes. */
  bodyTruncated: boolean;
}

/** Why a request produced no HTTP response: timeout, refused address, connection error. */
export class RequestFailedError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = "RequestFailedError";
  }
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof BlockedAddressError) return `refused: ${error.message}`;
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };
  if (e?.code === "ETIMEDOUT_WEBHOOK") return `timed out after ${timeoutMs} ms`;
  if (e?.code === "ECONNREFUSED") return `connection refused${e.address ? ` by ${e.address}:${e.port}` : ""}`;
  if (e?.code === "ENOTFOUND" || e?.code === "EAI_AGAIN") return `could not resolve ${e.hostname ?? "the host"} (${e.code})`;
  if (e?.code === "ECONNRESET") return "connection reset by the receiver";
  if (e?.code) return `${e.code}: ${e.message}`;
  return e?.message ?? String(error);
}

/** Node's header object as plain strings: a repeated header's values joined with ", ". */
function headerRecord(headers: http.OutgoingHttpHeaders | http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return out;
}

/**
 * POSTs `body` to `url` once: no redirects followed, at most `timeoutMs` for the whole exchange
 * (connect, response head and the kept part of the body). Resolves with any HTTP response
 * (non-2xx included); rejects with RequestFailedError when there is none.
 */
export async function safePost(url: string, options: SafePostOptions): Promise<SafePostResult> {
  try {
    return await postOnce(url, options);
  } catch (error) {
    // A pooled socket the receiver closed just as the request went out: nothing was answered,
    // so the request is made once more, on a fresh connection (as browsers do).
    if (error instanceof StaleSocketError) return postOnce(url, options);
    throw error;
  }
}

class StaleSocketError extends RequestFailedError {}

function postOnce(url: string, options: SafePostOptions): Promise<SafePostResult> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error(`unsupported protocol ${target.protocol}`);
      if (!options.allowPrivate) assertLiteralHostAllowed(target);
    } catch (error) {
      return reject(new RequestFailedError(describe(error, options.timeoutMs), error));
    }
    const payload = Buffer.from(options.body, "utf8");
    const client = target.protocol === "https:" ? https : http;
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = client.request(target, {
      method: "POST",
      headers: { ...options.headers, "Content-Length": String(payload.length) },
      agent: agentFor(target.protocol, options.allowPrivate, options.resolve ?? systemResolver),
    });
    options.onRequestHeaders?.(headerRecord(req.getHeaders()));
    const timer = setTimeout(() => {
      const error = Object.assign(new Error("timed out"), { code: "ETIMEDOUT_WEBHOOK" });
      req.destroy(error);
      finish(() => reject(new RequestFailedError(describe(error, options.timeoutMs), error)));
    }, options.timeoutMs);
    req.on("error", (error: NodeJS.ErrnoException) =>
      finish(() => {
        const Failure = req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE") ? StaleSocketError : RequestFailedError;
        reject(new Failure(describe(error, options.timeoutMs), error));
      }),
    );
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = (cut: boolean) =>
        finish(() => {
          const raw = Buffer.concat(chunks).subarray(0, options.maxResponseBytes);
          resolve({
            statusCode: res.statusCode ?? 0,
            location: typeof res.headers.location === "string" ? res.headers.location : null,
            headers: headerRecord(res.headers),
            // Postgres text cannot hold NUL.
            body: raw.toString("utf8").replace(/\u0000/g, ""),
            bodyTruncated: kept > options.maxResponseBytes,
          });
          // A body read to its end leaves the socket to the pool; one cut short closes it.
          if (cut) res.destroy();
        });
      // Reading stops at the first byte past the limit: that one byte tells a longer body from
      // one of exactly maxResponseBytes.
      res.on("data", (chunk: Buffer) => {
        if (kept <= options.maxResponseBytes) {
          chunks.push(chunk);
          kept += chunk.length;
        }
        if (kept > options.maxResponseBytes) done(true);
      });
      res.on("end", () => done(false));
      res.on("error", () => done(true));
      res.on("close", () => done(true));
    });
    req.end(payload);
  });
}
