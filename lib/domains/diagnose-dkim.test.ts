import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { diagnoseDkim } from "./diagnose-dkim";

function rsaKey() {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
  return {
    spki: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    pkcs1: publicKey.export({ type: "pkcs1", format: "der" }).toString("base64"),
  };
}

const ours = rsaKey();
const theirs = rsaKey();
const name = "mwabc._domainkey.example.com";
const expected = `v=DKIM1; k=rsa; p=${ours.spki}`;
const check = (...records: string[]) =>
  diagnoseDkim({
    name,
    expected,
    publicKey: ours.spki,
    answer: records.length ? { kind: "records", records } : { kind: "none", reason: "NXDOMAIN" },
  });
const codes = (d: ReturnType<typeof diagnoseDkim>) => d.problems.map((p) => `${p.severity}:${p.code}`);

describe("diagnoseDkim", () => {
  it("passes when p= is our key, however it is spaced or encoded", () => {
    expect(check(expected).check).toMatchObject({ pass: true, status: "verified" });
    const folded = `v=DKIM1;k=rsa;  p=${ours.spki.slice(0, 100)} ${ours.spki.slice(100)}`;
    expect(check(folded).check.pass).toBe(true);
    expect(check(`p=${ours.pkcs1}`).check.pass).toBe(true);
  });

  it("reports a missing record", () => {
    expect(codes(check())).toEqual(["error:dkim_missing"]);
    expect(codes(check("some unrelated text"))).toEqual(["error:dkim_missing"]);
  });

  it("reports a different, truncated, revoked or broken key as a mismatch", () => {
    const cases: [string, RegExp][] = [
      [`v=DKIM1; k=rsa; p=${theirs.spki}`, /different public key/],
      [`v=DKIM1; k=rsa; p=${ours.spki.slice(0, 200)}`, /truncated/],
      ["v=DKIM1; k=rsa; p=", /revoked/],
      ["v=DKIM1; k=rsa", /no p= tag/],
      ["v=DKIM1; p=not*base64", /not a valid public key/],
    ];
    for (const [record, message] of cases) {
      const d = check(record);
      expect(codes(d)).toEqual(["error:dkim_mismatch"]);
      expect(d.problems[0].message).toMatch(message);
      expect(d.check).toMatchObject({ pass: false, status: "failed", found: [record] });
    }
  });

  it("refuses our key under a non-RSA key type", () => {
    expect(codes(check(`v=DKIM1; k=ed25519; p=${ours.spki}`))).toEqual(["error:dkim_mismatch"]);
  });

  it("reports a timeout as a dns_error", () => {
    const d = diagnoseDkim({ name, expected, publicKey: ours.spki, answer: { kind: "error", code: "ETIMEOUT", message: "timed out" } });
    expect(codes(d)).toEqual(["error:dns_error"]);
  });
});
