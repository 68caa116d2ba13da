import { domainToASCII, domainToUnicode } from "node:url";

export type NormalizedDomain = { ok: true; domain: string } | { ok: false; error: string };

// Longest name a sending domain may have: its DKIM record `<selector>._domainkey.<domain>`
// must still fit DNS's 253 characters (selector "mw" + 10 characters + "._domainkey.").
export const MAX_SENDING_DOMAIN_LENGTH = 253 - "mwxxxxxxxxxx._domainkey.".length;

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * Validates a sending domain and returns its canonical form: lowercase ASCII (IDNs become
 * punycode), without the one trailing dot a fully qualified name may carry. Everything that is
 * not a plain hostname (IP literals, ports, URLs, underscores, whitespace) is refused with a
 * message that says why.
 */
export function normalizeDomainName(input: string): NormalizedDomain {
  const fail = (error: string): NormalizedDomain => ({ ok: false, error });
  if (input.length === 0) return fail("domain is required");
  if (input.length > 300) return fail("domain is longer than 253 characters");
  if (/\s/.test(input)) return fail("domain must not contain spaces");
  if (/[/:@?#[\]\\]/.test(input)) {
    return fail("enter the domain name only (like example.com), without a scheme, port, path or brackets");
  }
  if (input.includes("_")) return fail("domain must not contain underscores");

  let name = input.toLowerCase();
  // Non-ASCII names (müller.de) go through the WHATWG IDNA mapping. Plain ASCII names skip it
  // on purpose: it would also turn "0x7f.1" into "127.0.0.1" and accept odd characters.
  if (/[^\x00-\x7f]/.test(name)) {
    const ascii = domainToASCII(name);
    if (!ascii) return fail("domain is not a valid internationalized name");
    name = ascii;
  }
  if (name.endsWith(".")) name = name.slice(0, -1);

  if (name.length > 253) return fail("domain is longer than 253 characters");
  const labels = name.split(".");
  if (labels.length < 2) return fail("domain needs at least one dot, like example.com");
  for (const label of labels) {
    if (label.length === 0) return fail("domain has an empty label (two dots in a row, or a leading dot)");
    if (label.length > 63) return fail(`domain label "${label.slice(0, 20)}…" is longer than 63 characters`);
    if (label.startsWith("-") || label.endsWith("-")) return fail(`domain label "${label}" starts or ends with a hyphen`);
    if (!LABEL.test(label)) return fail(`domain label "${label}" may contain only letters, digits and hyphens`);
    // An A-label must decode to something that encodes back to itself (IDNA 2008).
    if (label.startsWith("xn--") && domainToASCII(domainToUnicode(label)) !== label) {
      return fail(`domain label "${label}" is not valid punycode`);
    }
  }
  // All-numeric top labels are IP addresses (1.2.3.4) or nonsense; no real TLD is numeric.
  if (/^\d+$/.test(labels[labels.length - 1])) return fail("domain must be a name, not an IP address");
  if (name.length > MAX_SENDING_DOMAIN_LENGTH) {
    return fail(`domain is too long to hold its DKIM record (at most ${MAX_SENDING_DOMAIN_LENGTH} characters)`);
  }
  return { ok: true, domain: name };
}
