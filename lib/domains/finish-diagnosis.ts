import type { DnsAnswer } from "./create-dns-lookup";
import type { DnsProblem, RecordCheck, RecordDiagnosis, RecordKey } from "./types";

// Shared tail of the diagnose-* functions: a record passes when no problem is an error, and
// shows "warning" when it passes with something to fix.

export function finishDiagnosis(
  check: Omit<RecordCheck, "status" | "pass">,
  problems: DnsProblem[],
  options: { passWhenClean?: boolean } = {},
): RecordDiagnosis {
  const failed = problems.some((p) => p.severity === "error");
  const warned = problems.some((p) => p.severity === "warning");
  const pass = !failed && (options.passWhenClean ?? true);
  const status = failed ? "failed" : warned ? "warning" : pass ? "verified" : "failed";
  return { check: { ...check, status, pass }, problems };
}

/** The diagnosis of a lookup that failed outright (timeout, SERVFAIL, REFUSED, unreachable). */
export function dnsErrorDiagnosis(
  record: RecordKey,
  check: Omit<RecordCheck, "status" | "pass" | "found">,
  answer: Extract<DnsAnswer<unknown>, { kind: "error" }>,
): RecordDiagnosis {
  return finishDiagnosis({ ...check, found: [], dnsError: answer.code }, [
    { code: "dns_error", severity: "error", record, message: `${answer.message}; try again in a few minutes` },
  ]);
}
