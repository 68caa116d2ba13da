import { describe, expect, it } from "vitest";
import { normalizeDomainName } from "./normalize-domain-name";

describe("normalizeDomainName", () => {
  it.each([
    ["example.com", "example.com"],
    ["Example.COM.", "example.com"],
    ["mail.sub.example.co.uk", "mail.sub.example.co.uk"],
    ["a-b.example", "a-b.example"],
    ["xn--mller-kva.de", "xn--mller-kva.de"],
    ["müller.de", "xn--mller-kva.de"],
    ["MÜLLER.de", "xn--mller-kva.de"],
    ["例え.jp", "xn--r8jz45g.jp"],
    ["1password.com", "1password.com"],
    [`${"a".repeat(63)}.com`, `${"a".repeat(63)}.com`],
  ])("accepts %s as %s", (input, expected) => {
    expect(normalizeDomainName(input)).toEqual({ ok: true, domain: expected });
  });

  it.each([
    ["", /required/],
    ["localhost", /dot/],
    ["example.com..", /empty label/],
    [".example.com", /empty label/],
    ["exa..mple.com", /empty label/],
    ["1.2.3.4", /IP address/],
    ["127.0.0.1.", /IP address/],
    ["::1", /scheme, port/],
    ["[2001:db8::1]", /scheme, port/],
    ["2001:db8::1", /scheme, port/],
    ["example.com:25", /scheme, port/],
    ["http://example.com", /scheme, port/],
    ["example.com/", /scheme, port/],
    ["user@example.com", /scheme, port/],
    ["example.com ", /spaces/],
    [" example.com", /spaces/],
    ["exa mple.com", /spaces/],
    ["_dmarc.example.com", /underscores/],
    ["my_domain.com", /underscores/],
    ["-example.com", /hyphen/],
    ["example-.com", /hyphen/],
    ["example.com-", /hyphen/],
    [`${"a".repeat(64)}.com`, /63 characters/],
    [`${"abcdefghi.".repeat(26)}com`, /253 characters/],
    [`${"abcdefghi.".repeat(23)}com`, /DKIM record/],
    ["exam!ple.com", /letters, digits and hyphens/],
    ["xn--zz.com", /punycode/],
    ["☃☃\u0000.com", /internationalized|letters/],
  ])("refuses %j", (input, message) => {
    const result = normalizeDomainName(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });
});
