import { describe, expect, it } from "vitest";
import type { AddressDnsLookup, DnsAnswer, MxRecord } from "@/lib/domains/create-dns-lookup";
import { resolveHostAddresses, resolveMailHosts } from "./resolve-mail-hosts";

const none: DnsAnswer<never> = { kind: "none", reason: "NODATA" };
const servfail: DnsAnswer<never> = { kind: "error", code: "ESERVFAIL", message: "SERVFAIL" };

/** An in-memory zone; the integration tests use a real DNS server. */
function zone(entries: { mx?: DnsAnswer<MxRecord>; a?: DnsAnswer<string>; aaaa?: DnsAnswer<string> }): AddressDnsLookup {
  return {
    txt: async () => none,
    mx: async () => entries.mx ?? none,
    a: async () => entries.a ?? none,
    aaaa: async () => entries.aaaa ?? none,
  };
}

describe("resolveMailHosts", () => {
  it("orders hosts by preference and shuffles only equal ones", async () => {
    const records = [
      { exchange: "c.example", priority: 20 },
      { exchange: "a1.example", priority: 10 },
      { exchange: "a2.example", priority: 10 },
    ];
    const firsts = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const route = await resolveMailHosts("example", zone({ mx: { kind: "records", records } }));
      if (route.kind !== "hosts") throw new Error("expected hosts");
      expect(route.hosts.map((h) => h.preference)).toEqual([10, 10, 20]);
      expect(route.hosts[2].name).toBe("c.example");
      firsts.add(route.hosts[0].name);
    }
    expect(firsts).toEqual(new Set(["a1.example", "a2.example"]));
  });

  it("treats a lone null MX as no mail, and ignores one beside real hosts", async () => {
    const lone = await resolveMailHosts("example", zone({ mx: { kind: "records", records: [{ exchange: "", priority: 0 }] } }));
    expect(lone).toMatchObject({ kind: "fail", outcome: { kind: "hard_bounce", code: 556 } });
    const mixed = await resolveMailHosts(
      "example",
      zone({
        mx: {
          kind: "records",
          records: [
            { exchange: "", priority: 0 },
            { exchange: "mx.example", priority: 10 },
          ],
        },
      }),
    );
    expect(mixed).toMatchObject({ kind: "hosts", hosts: [{ name: "mx.example" }] });
  });

  it("uses the domain itself without MX, bounces NXDOMAIN, retries a DNS failure", async () => {
    expect(await resolveMailHosts("example", zone({}))).toEqual({
      kind: "hosts",
      hosts: [{ name: "example", preference: 0, implicit: true }],
    });
    expect(await resolveMailHosts("example", zone({ mx: { kind: "none", reason: "NXDOMAIN" } }))).toMatchObject({
      kind: "fail",
      outcome: { kind: "hard_bounce" },
    });
    expect(await resolveMailHosts("example", zone({ mx: servfail }))).toMatchObject({
      kind: "fail",
      outcome: { kind: "soft_bounce", code: 451 },
    });
  });
});

describe("resolveHostAddresses", () => {
  const host = { name: "mx.example", preference: 10, implicit: false };

  it("lists IPv4 before IPv6 and survives one family failing", async () => {
    const both = await resolveHostAddresses(
      host,
      zone({ a: { kind: "records", records: ["192.0.2.1"] }, aaaa: { kind: "records", records: ["2001:db8::1"] } }),
    );
    expect(both).toEqual({ kind: "addresses", addresses: ["192.0.2.1", "2001:db8::1"] });
    expect(await resolveHostAddresses(host, zone({ a: servfail, aaaa: { kind: "records", records: ["2001:db8::1"] } }))).toEqual({
      kind: "addresses",
      addresses: ["2001:db8::1"],
    });
  });

  it("is a 5xx failure without any address, a 4xx one when a query failed", async () => {
    expect(await resolveHostAddresses(host, zone({}))).toMatchObject({ kind: "fail", code: 550 });
    expect(await resolveHostAddresses(host, zone({ a: servfail }))).toMatchObject({ kind: "fail", code: 451 });
  });
});
