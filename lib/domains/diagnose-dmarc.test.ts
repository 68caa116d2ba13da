import { describe, expect, it } from "vitest";
import { diagnoseDmarc } from "./diagnose-dmarc";

const name = "_dmarc.example.com";
const expected = "v=DMARC1; p=none;";
const check = (...records: string[]) =>
  diagnoseDmarc({ name, expected, answer: records.length ? { kind: "records", records } : { kind: "none", reason: "NXDOMAIN" } });
const codes = (d: ReturnType<typeof diagnoseDmarc>) => d.problems.map((p) => `${p.severity}:${p.code}`);

describe("diagnoseDmarc", () => {
  it("passes an enforcing policy cleanly", () => {
    const d = check("v=DMARC1; p=reject; rua=mailto:d@example.com");
    expect(d.check).toMatchObject({ pass: true, status: "verified" });
    expect(d.problems).toEqual([]);
  });

  it("passes p=none with advice", () => {
    const d = check(expected);
    expect(d.check).toMatchObject({ pass: true, status: "verified" });
    expect(codes(d)).toEqual(["info:dmarc_policy_none"]);
  });

  it("warns when the record is missing, without failing the record", () => {
    const d = check();
    expect(codes(d)).toEqual(["warning:dmarc_missing"]);
    expect(d.check).toMatchObject({ pass: false, status: "warning" });
    expect(codes(check("v=spf1 -all"))).toEqual(["warning:dmarc_missing"]);
  });

  it("warns about several DMARC records", () => {
    expect(codes(check("v=DMARC1; p=none", "v=DMARC1; p=reject"))).toEqual(["warning:dmarc_multiple_records"]);
  });

  it("reports REFUSED as a dns_error", () => {
    const d = diagnoseDmarc({ name, expected, answer: { kind: "error", code: "EREFUSED", message: "refused" } });
    expect(codes(d)).toEqual(["error:dns_error"]);
    expect(d.check.status).toBe("failed");
  });
});
