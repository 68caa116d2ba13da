// Tells a database that is gone (restarting, connections terminated, unreachable, pool
// exhausted) from an error in the query itself: the API answers the first with 503
// service_unavailable, never an opaque 500.

// Prisma's codes for a lost or unreachable server, a pool timeout and a transaction that could
// not start or whose connection died.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1011", "P1017", "P2024", "P2028"]);
// What @prisma/adapter-pg names a socket-level failure (its DriverAdapterError cause kinds).
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError"]);
// SQLSTATE: class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect
// now), 53300 (too many connections).
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
// node-postgres throws plain Errors for these.
// The last: a database closed to connections (ALTER DATABASE … ALLOW_CONNECTIONS false, as
// during maintenance or a restore), SQLSTATE 55000, a code too broad to list by itself.
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|is not currently accepting connections/i;

type Shape = { code?: unknown; errorCode?: unknown; kind?: unknown; message?: unknown; meta?: unknown; cause?: unknown };

function matches(error: Shape): boolean {
  const code = typeof error.code === "string" ? error.code : typeof error.errorCode === "string" ? error.errorCode : undefined;
  if (code && (PRISMA_CODES.has(code) || SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
  if (typeof error.kind === "string") {
    if (ADAPTER_KINDS.has(error.kind)) return true;
    const original = (error as { originalCode?: unknown }).originalCode;
    if (error.kind === "postgres" && typeof original === "string" && SQLSTATE.test(original)) return true;
  }
  return typeof error.message === "string" && PG_MESSAGES.test(error.message);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const next = queue.shift();
    if (!next || typeof next !== "object" || seen.has(next)) continue;
    seen.add(next);
    const shape = next as Shape;
    if (matches(shape)) return true;
    // Raw queries wrap the adapter's error as meta.driverAdapterError (its cause holds the kind).
    const meta = shape.meta as { driverAdapterError?: unknown } | undefined;
    queue.push(shape.cause, meta?.driverAdapterError);
  }
  return false;
}
