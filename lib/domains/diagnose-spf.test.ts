import { describe, expect, it } from "vitest";
import { countSpfLookups } from "./count-spf-lookups";
import type { DnsAnswer, DnsLookup } from "./create-dns-lookup";
import { diagnoseSpf } from "./diagnose-spf";
import { parseSpfRecord } from "./parse-spf-record";

const name = "send.example.com";
const include = "spf.mailwright.local";
const expected = `v=spf1 include:${include} ~all`;
const records = (...txt: string[]): DnsAnswer<string> => ({ kind: "records", records: txt });

/** An in-memory TXT zone standing in for DNS; the integration tests use a real server. */
function zone(entries: Record<string, string[]>): DnsLookup {
  return {
    txt: async (n) => (entries[n] ? records(...entries[n]) : { kind: "none", reason: "NXDOMAIN" }),
    mx: async () => ({ kind: "none", reason: "NODATA" }),
  };
}

const codes = (d: ReturnType<typeof diagnoseSpf>) => d.problems.map((p) => `${p.severity}:${p.code}`);

describe("parseSpfRecord", () => {
  it("reads qualifiers, targets, cidr suffixes and the redirect modifier", () => {
    const spf = parseSpfRecord(
      "v=spf1 +a mx/24 -ip4:192.0.2.0/24 ~include:_spf.Example.com a:mail.example.com/28 exp=x redirect=other.example ?all",
    );
    expect(spf.mechanisms).toEqual([
      { qualifier: "+", name: "a", value: undefined },
      { qualifier: "+", name: "mx", value: undefined },
      { qualifier: "-", name: "ip4", value: "192.0.2.0" },
      { qualifier: "~", name: "include", value: "_spf.Example.com" },
      { qualifier: "+", name: "a", value: "mail.example.com" },
      { qualifier: "?", name: "all", value: undefined },
    ]);
    expect(spf.redirect).toBe("other.example");
  });
});

describe("diagnoseSpf", () => {
  it("passes with our include and reports the lookup count", async () => {
    const lookups = await countSpfLookups({ record: expected, lookup: zone({}) });
    const d = diagnoseSpf({ name, expected, spfInclude: include, answer: records(expected, "google-site-verification=x"), lookups });
    expect(d.check).toMatchObject({ pass: true, status: "verified", lookups: 1, found: [expected, "google-site-verification=x"] });
    expect(d.problems).toEqual([]);
  });

  it("matches the include case-insensitively and with a trailing dot", () => {
    const d = diagnoseSpf({ name, expected, spfInclude: include, answer: records("V=SPF1 include:SPF.Mailwright.Local. -all") });
    expect(d.check.pass).toBe(true);
  });

  it("reports a missing record and a record without our include", () => {
    expect(codes(diagnoseSpf({ name, expected, spfInclude: include, answer: { kind: "none", reason: "NXDOMAIN" } }))).toEqual([
      "error:spf_missing",
    ]);
    expect(codes(diagnoseSpf({ name, expected, spfInclude: include, answer: records("v=spf10 nope") }))).toEqual(["error:spf_missing"]);
    const other = diagnoseSpf({ name, expected, spfInclude: include, answer: records("v=spf1 include:_spf.google.com ~all") });
    expect(codes(other)).toEqual(["error:spf_missing_include"]);
    expect(other.check).toMatchObject({ pass: false, status: "failed" });
    const softInclude = diagnoseSpf({ name, expected, spfInclude: include, answer: records(`v=spf1 ~include:${include} ~all`) });
    expect(softInclude.problems[0].message).toMatch(/does not authorise/);
  });

  it("accepts our include reached through a nested include", async () => {
    const record = "v=spf1 include:_spf.example.com ~all";
    const lookups = await countSpfLookups({ record, lookup: zone({ "_spf.example.com": [`v=spf1 include:${include} -all`] }) });
    const d = diagnoseSpf({ name, expected, spfInclude: include, answer: records(record), lookups });
    expect(d.check.pass).toBe(true);
  });

  it("fails on several SPF records", () => {
    const d = diagnoseSpf({ name, expected, spfInclude: include, answer: records(expected, "v=spf1 include:_spf.google.com ~all") });
    expect(codes(d)).toEqual(["error:spf_multiple_records"]);
    expect(d.problems[0].message).toMatch(/2 SPF/);
  });

  it("warns about +all and a bare all but still passes", () => {
    for (const all of ["+all", "all"]) {
      const d = diagnoseSpf({ name, expected, spfInclude: include, answer: records(`v=spf1 include:${include} ${all}`) });
      expect(codes(d)).toEqual(["warning:spf_plus_all"]);
      expect(d.check).toMatchObject({ pass: true, status: "warning" });
    }
  });

  it("fails when the lookups exceed ten", async () => {
    const record = `v=spf1 include:${include} include:a.example include:b.example mx ~all`;
    const lookups = await countSpfLookups({
      record,
      lookup: zone({
        "a.example": ["v=spf1 a mx ptr exists:%{i}.x.example include:c.example -all"],
        "b.example": ["v=spf1 redirect=d.example"],
        "c.example": ["v=spf1 a:one.example a:two.example -all"],
        "d.example": ["v=spf1 mx -all"],
      }),
    });
    // 4 top-level + 5 in a + 2 in c + redirect in b + 1 in d
    expect(lookups.count).toBe(13);
    const d = diagnoseSpf({ name, expected, spfInclude: include, answer: records(record), lookups });
    expect(codes(d)).toEqual(["error:spf_too_many_lookups"]);
    expect(d.problems[0].message).toMatch(/13 DNS lookups/);
    expect(d.check.lookups).toBe(13);
  });

  it("reports a DNS failure as dns_error", () => {
    const d = diagnoseSpf({ name, expected, spfInclude: include, answer: { kind: "error", code: "ETIMEOUT", message: "timed out" } });
    expect(codes(d)).toEqual(["error:dns_error"]);
    expect(d.check).toMatchObject({ pass: false, status: "failed", dnsError: "ETIMEOUT", found: [] });
  });
});

describe("countSpfLookups", () => {
  it("follows loops once, ignores redirect beside all, and lists unresolved targets", async () => {
    const lookup = zone({
      "loop.example": ["v=spf1 include:loop.example -all"],
      "twice.example": ["v=spf1 -all", "v=spf1 ~all"],
    });
    const result = await countSpfLookups({
      record: "v=spf1 include:loop.example include:twice.example include:gone.example redirect=x.example -all",
      lookup,
    });
    expect(result.count).toBe(4);
    expect(result.unresolved.sort()).toEqual(["gone.example", "twice.example"]);
  });

  it("counts a target reached twice twice, as a receiver evaluates it twice", async () => {
    const lookup = zone({ "a.example": ["v=spf1 include:c.example -all"], "c.example": ["v=spf1 a mx -all"] });
    const result = await countSpfLookups({ record: "v=spf1 include:a.example include:c.example -all", lookup });
    expect(result.count).toBe(2 + 1 + 2 + 2);
  });

  it("does not count ip4, ip6 and all", async () => {
    const result = await countSpfLookups({ record: "v=spf1 ip4:192.0.2.1 ip6:2001:db8::1 -all", lookup: zone({}) });
    expect(result.count).toBe(0);
  });
});
