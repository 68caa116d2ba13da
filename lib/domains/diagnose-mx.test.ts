import { describe, expect, it } from "vitest";
import { diagnoseMx } from "./diagnose-mx";

const name = "send.example.com";
const base = { name, mxHost: "inbound.mailwright.local", priority: 10 };
const codes = (d: ReturnType<typeof diagnoseMx>) => d.problems.map((p) => `${p.severity}:${p.code}`);

describe("diagnoseMx", () => {
  it("passes when an exchange is ours, ignoring case and the trailing dot", () => {
    const d = diagnoseMx({ ...base, answer: { kind: "records", records: [{ exchange: "Inbound.Mailwright.Local.", priority: 20 }] } });
    expect(d.check).toMatchObject({
      pass: true,
      status: "verified",
      expected: "10 inbound.mailwright.local",
      found: ["20 inbound.mailwright.local"],
    });
    expect(d.problems).toEqual([]);
  });

  it("reports a missing MX whether the name or the type is absent", () => {
    for (const reason of ["NXDOMAIN", "NODATA"] as const) {
      const d = diagnoseMx({ ...base, answer: { kind: "none", reason } });
      expect(codes(d)).toEqual(["error:mx_missing"]);
      expect(d.check).toMatchObject({ pass: false, status: "failed", found: [] });
    }
  });

  it("fails when every exchange is someone else's", () => {
    const d = diagnoseMx({ ...base, answer: { kind: "records", records: [{ exchange: "mx.google.com", priority: 1 }] } });
    expect(codes(d)).toEqual(["error:mx_points_elsewhere"]);
    expect(d.problems[0].message).toContain("mx.google.com");
  });

  it("passes with a warning when other exchanges sit beside ours", () => {
    const d = diagnoseMx({
      ...base,
      answer: {
        kind: "records",
        records: [
          { exchange: "inbound.mailwright.local", priority: 10 },
          { exchange: "backup.example.com", priority: 5 },
        ],
      },
    });
    expect(codes(d)).toEqual(["warning:mx_points_elsewhere"]);
    expect(d.check).toMatchObject({ pass: true, status: "warning", found: ["5 backup.example.com", "10 inbound.mailwright.local"] });
  });

  it("reports SERVFAIL as a dns_error", () => {
    const d = diagnoseMx({ ...base, answer: { kind: "error", code: "ESERVFAIL", message: "SERVFAIL" } });
    expect(codes(d)).toEqual(["error:dns_error"]);
    expect(d.check.dnsError).toBe("ESERVFAIL");
  });
});
