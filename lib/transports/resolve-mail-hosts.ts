import type { AddressDnsLookup } from "@/lib/domains/create-dns-lookup";
import type { DeliveryOutcome } from "./transport";

export interface MailHost {
  name: string;
  preference: number;
  /** No MX record: the domain itself is the mail host (RFC 5321 5.1, "implicit MX"). */
  implicit: boolean;
}

export type MailRoute = { kind: "hosts"; hosts: MailHost[] } | { kind: "fail"; outcome: DeliveryOutcome };

export type HostAddresses = { kind: "addresses"; addresses: string[] } | { kind: "fail"; code: number; message: string };

/**
 * Where mail for `domain` goes: its MX hosts, lowest preference first (ties shuffled, as
 * RFC 5321 5.1 asks, so equal hosts share the load), or the domain itself when it has no MX.
 * A domain that does not exist or publishes a null MX (RFC 7505) fails for good; a DNS failure
 * (timeout, SERVFAIL) is temporary.
 */
export async function resolveMailHosts(domain: string, lookup: AddressDnsLookup): Promise<MailRoute> {
  const answer = await lookup.mx(domain);
  if (answer.kind === "error") {
    return { kind: "fail", outcome: { kind: "soft_bounce", code: 451, message: `451 4.4.3 ${answer.message}` } };
  }
  if (answer.kind === "none") {
    if (answer.reason === "NXDOMAIN") {
      return {
        kind: "fail",
        outcome: { kind: "hard_bounce", code: 550, message: `550 5.1.2 the recipient domain ${domain} does not exist (NXDOMAIN)` },
      };
    }
    return { kind: "hosts", hosts: [{ name: domain, preference: 0, implicit: true }] };
  }
  // "." is the null MX. RFC 7505 forbids other MX records beside it; if some are there anyway,
  // they are the only hosts left to try.
  const real = answer.records.filter((r) => r.exchange.replace(/\.$/, "") !== "");
  if (!real.length) {
    return {
      kind: "fail",
      outcome: { kind: "hard_bounce", code: 556, message: `556 5.1.10 ${domain} accepts no mail (null MX, RFC 7505)` },
    };
  }
  const hosts = real
    .map((r) => ({ name: r.exchange.replace(/\.$/, "").toLowerCase(), preference: r.priority, implicit: false, tiebreak: Math.random() }))
    .sort((a, b) => a.preference - b.preference || a.tiebreak - b.tiebreak)
    .map(({ tiebreak: _, ...host }) => host);
  return { kind: "hosts", hosts };
}

/**
 * A mail host's addresses, IPv4 first (IPv6 senders more often lack the PTR record and
 * reputation that receivers check). No address at all is a 5xx-style failure of that host; a
 * failed query is a temporary one.
 */
export async function resolveHostAddresses(host: MailHost, lookup: AddressDnsLookup): Promise<HostAddresses> {
  const [v4, v6] = await Promise.all([lookup.a(host.name), lookup.aaaa(host.name)]);
  const addresses = [...(v4.kind === "records" ? v4.records : []), ...(v6.kind === "records" ? v6.records : [])];
  if (addresses.length) return { kind: "addresses", addresses };
  const error = v4.kind === "error" ? v4 : v6.kind === "error" ? v6 : null;
  if (error) return { kind: "fail", code: 451, message: `451 4.4.3 ${error.message}` };
  return {
    kind: "fail",
    code: 550,
    message: host.implicit
      ? `550 5.1.2 ${host.name} has no MX record and no A/AAAA record to deliver to`
      : `550 5.4.4 the MX host ${host.name} has no A/AAAA record`,
  };
}
