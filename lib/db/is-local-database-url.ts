import ipaddr from "ipaddr.js";
import { parse } from "pg-connection-string";

function isLocalHost(host: string): boolean {
  // Empty: the client's default (a local socket or localhost). A path: a Unix socket directory.
  if (host === "" || host.startsWith("/")) return true;
  const name = host
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "")
    .toLowerCase();
  if (name === "localhost" || name === "localhost.") return true;
  if (!ipaddr.isValid(name)) return false;
  let address = ipaddr.parse(name);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  return address.range() === "loopback";
}

/**
 * Whether a PostgreSQL connection URL reaches only this machine: localhost, 127.0.0.0/8, ::1
 * or a Unix socket. Unset counts as local (the launcher's embedded database on 127.0.0.1); a
 * URL that does not parse does not. The host is read by node-postgres's own parser, so it is
 * the one the app connects to (`?host=` wins, `socket://` and `%2F...` name a socket
 * directory). Several hosts (libpq's `h1,h2`) must all be local.
 */
export function isLocalDatabaseUrl(url: string | undefined): boolean {
  if (!url) return true;
  let host: string | null;
  try {
    host = parse(url).host;
  } catch {
    return false;
  }
  return (host ?? "").split(",").every((h) => isLocalHost(h.trim()));
}

/** The host a database URL names, for a message (never its credentials). */
export function databaseHostForMessage(url: string): string {
  try {
    const { host, port } = parse(url);
    return host ? `${host}${port ? `:${port}` : ""}` : "(no host)";
  } catch {
    return "(a DATABASE_URL that does not parse)";
  }
}
