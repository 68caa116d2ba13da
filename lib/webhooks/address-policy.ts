import ipaddr from "ipaddr.js";

// Which addresses a webhook may connect to: public unicast only. Everything a
// request could use to reach this machine, its network or a cloud metadata service is refused:
// private, loopback, link-local (169.254.169.254 included), CGNAT, multicast, unspecified,
// reserved and documentation ranges, unique-local IPv6 (fd00:ec2::254 included), and IPv6
// forms that embed one of those IPv4 addresses (::ffff:a.b.c.d, NAT64, 6to4).

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
const WELL_KNOWN_NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

const LABELS: Record<string, string> = {
  linkLocal: "link-local",
  carrierGradeNat: "carrier-grade NAT",
  uniqueLocal: "unique-local",
  rfc6145: "IPv4-translated",
  as112: "AS112",
  as112v6: "AS112",
  amt: "AMT",
  teredo: "Teredo",
};

const label = (range: string) => LABELS[range] ?? range;

function v4Reason(address: ipaddr.IPv4): string | null {
  const range = address.range();
  if (range === "unicast") return null;
  if (address.toString() === "169.254.169.254") return "cloud metadata (link-local)";
  return label(range);
}

function embeddedV4(parts: number[], high: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([parts[high] >> 8, parts[high] & 0xff, parts[high + 1] >> 8, parts[high + 1] & 0xff]);
}

function v6Reason(address: ipaddr.IPv6): string | null {
  const range = address.range();
  if (range === "ipv4Mapped" || range === "rfc6145") {
    const inner = v4Reason(embeddedV4(address.parts, 6));
    return inner ? `IPv4-mapped ${inner}` : null;
  }
  if (range === "rfc6052") {
    if (!address.match(WELL_KNOWN_NAT64)) return "local-use NAT64";
    const inner = v4Reason(embeddedV4(address.parts, 6));
    return inner ? `NAT64 ${inner}` : null;
  }
  if (range === "6to4") {
    const inner = v4Reason(embeddedV4(address.parts, 1));
    return inner ? `6to4 ${inner}` : null;
  }
  if (range !== "unicast")
    return address.toNormalizedString() === "fd00:ec2:0:0:0:0:0:254" ? "cloud metadata (unique-local)" : label(range);
  // Anything outside 2000::/3 (IPv4-compatible ::a.b.c.d, unassigned space) is not routable.
  if (!address.match(GLOBAL_UNICAST_V6)) return "reserved";
  return null;
}

/**
 * Why a webhook must not connect to `address` (an IP literal, IPv6 with or without brackets),
 * or null when it is a public unicast address. A string that is no IP address is refused too.
 */
export function blockedAddressReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return "not an IP address";
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === "ipv4" ? v4Reason(parsed as ipaddr.IPv4) : v6Reason(parsed as ipaddr.IPv6);
}

/** The host of a URL as an IP literal (brackets removed), or null for a name. */
export function ipLiteralHost(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) && (bare.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null;
}

/** How an operator lets webhooks reach this machine and its network (webhooksMayReachPrivate). */
export const PRIVATE_ADDRESSES_HINT =
  "private and loopback addresses are allowed with WEBHOOK_ALLOW_PRIVATE=1, or in local mode: MAIL_TRANSPORT=inbox without APP_ENV=production";

/** Thrown when a webhook URL points, or resolves, to an address it may not reach. */
export class BlockedAddressError extends Error {
  readonly code = "EBLOCKEDADDRESS";
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(
      (host === address ? `${address} is a ${reason} address` : `${host} resolves to ${address}, a ${reason} address`) +
        `; webhooks may only reach public addresses (${PRIVATE_ADDRESSES_HINT})`,
    );
    this.name = "BlockedAddressError";
  }
}
