import { describe, expect, it } from "vitest";
import { decideDomainHolder } from "./decide-domain-holder";
import type { DomainCheck, RecordCheck } from "./types";

const domain = "acme.example";
const recordCheck = (name: string, pass: boolean): RecordCheck => ({
  type: "TXT",
  name,
  expected: "",
  found: [],
  status: pass ? "verified" : "failed",
  pass,
});

function check(dns: { spf: boolean; mx: boolean; dkim: boolean }): DomainCheck {
  return {
    checkedAt: "2026-01-01T00:00:00.000Z",
    verified: dns.spf && dns.mx,
    dns: { ...dns, dmarc: false },
    records: {
      mx: recordCheck(`send.${domain}`, dns.mx),
      spf: recordCheck(`send.${domain}`, dns.spf),
      dkim: recordCheck(`mwabc._domainkey.${domain}`, dns.dkim),
      dmarc: recordCheck(`_dmarc.${domain}`, false),
    },
    problems: [],
  };
}

const shared = check({ spf: true, mx: true, dkim: false });
const withDkim = check({ spf: true, mx: true, dkim: true });
const decide = (options: Partial<Parameters<typeof decideDomainHolder>[0]>) =>
  decideDomainHolder({ domain, check: shared, holds: false, holder: null, trigger: "verify", displaced: false, ...options });

describe("decideDomainHolder", () => {
  it("lets SPF and MX decide for a name nobody else holds", () => {
    expect(decide({})).toEqual({ status: "verified", takeOver: false, problem: null });
    expect(decide({ check: check({ spf: true, mx: false, dkim: true }) })).toEqual({
      status: "unverified",
      takeOver: false,
      problem: null,
    });
  });

  it("keeps the holder verified whatever its check says", () => {
    expect(decide({ holds: true, check: check({ spf: false, mx: false, dkim: false }) })).toMatchObject({
      status: "verified",
      takeOver: false,
    });
  });

  it("names domain_claimed when another account holds the name and this one's DKIM record is missing", () => {
    const decision = decide({ holder: { dkimPublished: false } });
    expect(decision).toMatchObject({
      status: "unverified",
      takeOver: false,
      problem: { code: "domain_claimed", severity: "error", record: "dkim" },
    });
    expect(decision.problem!.message).toContain(`mwabc._domainkey.${domain}`);
    // SPF and MX failing too: still claimed, and DKIM alone does not verify.
    expect(decide({ holder: { dkimPublished: false }, check: check({ spf: false, mx: true, dkim: true }) }).problem?.code).toBe(
      "domain_claimed",
    );
  });

  it("moves the name with this account's own DKIM record", () => {
    expect(decide({ holder: { dkimPublished: false }, check: withDkim, trigger: "recheck" })).toEqual({
      status: "verified",
      takeOver: true,
      problem: null,
    });
    expect(decide({ holder: { dkimPublished: true }, check: withDkim, trigger: "verify" })).toEqual({
      status: "verified",
      takeOver: true,
      problem: null,
    });
  });

  it("leaves the name with a holder whose DKIM record is published too on a scheduled re-check", () => {
    const decision = decide({ holder: { dkimPublished: true }, check: withDkim, trigger: "recheck" });
    expect(decision).toMatchObject({ status: "unverified", takeOver: false, problem: { code: "domain_claimed" } });
    expect(decision.problem!.message).toMatch(/remove that record, or verify/);
  });

  it("keeps saying domain_claimed_elsewhere to a copy that lost the name", () => {
    expect(decide({ holder: { dkimPublished: false }, displaced: true }).problem?.code).toBe("domain_claimed_elsewhere");
  });
});
