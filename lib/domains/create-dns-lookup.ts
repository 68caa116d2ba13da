import { Resolver } from "node:dns/promises";
import { getEnv } from "@/lib/config/env";

/** A lookup's outcome: the records, an authoritative "nothing there", or a failed query. */
export type DnsAnswer<T> =
  { kind: "records"; records: T[] } | { kind: "none"; reason: "NXDOMAIN" | "NODATA" } | { kind: "error"; code: string; message: string };

export interface MxRecord {
  exchange: string;
  priority: number;
}

/**
 * The two queries domain checks need; every failure comes back as a value, never thrown. An
 * MX of "." (RFC 7505 null MX) comes back with `exchange: ""`.
 */
export interface DnsLookup {
  /** One string per TXT record, its character-strings joined as RFC 7208/6376 say. */
  txt(name: string): Promise<DnsAnswer<string>>;
  mx(name: string): Promise<DnsAnswer<MxRecord>>;
}

/** Direct MX delivery also needs the mail hosts' addresses. */
export interface AddressDnsLookup extends DnsLookup {
  /** IPv4 addresses (A records). */
  a(name: string): Promise<DnsAnswer<string>>;
  /** IPv6 addresses (AAAA records). */
  aaaa(name: string): Promise<DnsAnswer<string>>;
}

// Two tries: one lost UDP packet should not fail a check, but a dead server must not hold an
// API request for long either (c-ares doubles the timeout on the second try).
const TRIES = 2;

/** DNS_SERVERS is "1.1.1.1, 127.0.0.1:5353, [2001:db8::1]:53"; empty means the system resolvers. */
export function parseDnsServers(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function describeError(code: string, name: string, timeoutMs: number): string {
  switch (code) {
    case "ETIMEOUT":
      return `the DNS query for ${name} timed out (no answer within ${timeoutMs} ms, ${TRIES} tries)`;
    case "ESERVFAIL":
      return `the DNS server answered SERVFAIL for ${name}: its nameservers failed to answer (often broken DNSSEC or unreachable nameservers)`;
    case "EREFUSED":
      return `the DNS server refused the query for ${name}`;
    case "ECONNREFUSED":
      return `could not reach the DNS server for ${name} (connection refused)`;
    default:
      return `the DNS query for ${name} failed (${code})`;
  }
}

async function query<T>(name: string, timeoutMs: number, run: () => Promise<T[]>): Promise<DnsAnswer<T>> {
  try {
    const records = await run();
    return records.length ? { kind: "records", records } : { kind: "none", reason: "NODATA" };
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? "EUNKNOWN");
    if (code === "ENOTFOUND") return { kind: "none", reason: "NXDOMAIN" };
    if (code === "ENODATA") return { kind: "none", reason: "NODATA" };
    return { kind: "error", code, message: describeError(code, name, timeoutMs) };
  }
}

/**
 * A resolver over DNS_SERVERS (or the given servers) with DNS_TIMEOUT_MS per try. Env is read
 * on every call, so tests can point it at their own server between cases.
 */
export function createDnsLookup(options: { servers?: string[]; timeoutMs?: number } = {}): AddressDnsLookup {
  const env = getEnv();
  const timeoutMs = options.timeoutMs ?? env.DNS_TIMEOUT_MS;
  const servers = options.servers ?? parseDnsServers(env.DNS_SERVERS);
  const resolver = new Resolver({ timeout: timeoutMs, tries: TRIES });
  if (servers.length) {
    try {
      resolver.setServers(servers);
    } catch (error) {
      throw new Error(`DNS_SERVERS is invalid (${servers.join(", ")}): ${(error as Error).message}`);
    }
  }
  return {
    txt: (name) => query(name, timeoutMs, async () => (await resolver.resolveTxt(name)).map((chunks) => chunks.join(""))),
    mx: (name) => query(name, timeoutMs, () => resolver.resolveMx(name)),
    a: (name) => query(name, timeoutMs, () => resolver.resolve4(name)),
    aaaa: (name) => query(name, timeoutMs, () => resolver.resolve6(name)),
  };
}
