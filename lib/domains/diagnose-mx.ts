import type { DnsAnswer, MxRecord } from "./create-dns-lookup";
import { canonicalHost } from "./dns-names";
import { dnsErrorDiagnosis, finishDiagnosis } from "./finish-diagnosis";
import type { DnsProblem, RecordDiagnosis } from "./types";

/**
 * Diagnoses the bounce MX at `send.<domain>`: it passes when one of its exchanges is MX_HOST
 * (case and a trailing dot ignored). Other exchanges beside ours pass with a warning, since
 * some bounces would then land on servers that cannot process them.
 */
export function diagnoseMx(options: {
  name: string;
  mxHost: string;
  priority: number;
  answer: DnsAnswer<MxRecord>;
  /** The domain's own MX for receiving, rather than the bounce MX. */
  receiving?: boolean;
}): RecordDiagnosis {
  if (options.receiving) return diagnoseReceivingMx(options);
  const { name, answer } = options;
  const mxHost = canonicalHost(options.mxHost);
  const base = { type: "MX" as const, name, expected: `${options.priority} ${mxHost}` };
  if (answer.kind === "error") return dnsErrorDiagnosis("mx", base, answer);

  const records = answer.kind === "records" ? [...answer.records].sort((a, b) => a.priority - b.priority) : [];
  const found = records.map((r) => `${r.priority} ${canonicalHost(r.exchange)}`);
  const problems: DnsProblem[] = [];
  const ours = records.filter((r) => canonicalHost(r.exchange) === mxHost);
  const others = records.filter((r) => canonicalHost(r.exchange) !== mxHost);

  if (records.length === 0) {
    problems.push({
      code: "mx_missing",
      severity: "error",
      record: "mx",
      message: `No MX record at ${name}. Add an MX record there pointing to ${mxHost} with priority ${options.priority}.`,
    });
  } else if (ours.length === 0) {
    problems.push({
      code: "mx_points_elsewhere",
      severity: "error",
      record: "mx",
      message: `The MX record at ${name} points to ${others.map((r) => canonicalHost(r.exchange)).join(", ")}, not ${mxHost}; bounces would not reach us.`,
    });
  } else if (others.length > 0) {
    problems.push({
      code: "mx_points_elsewhere",
      severity: "warning",
      record: "mx",
      message: `${name} also has MX records for ${others.map((r) => canonicalHost(r.exchange)).join(", ")}; bounces sent there are lost. Keep only ${mxHost}.`,
    });
  }
  return finishDiagnosis({ ...base, found }, problems);
}

/**
 * Diagnoses the domain's own MX while it receives: it passes when one of its exchanges is
 * MX_HOST. Other exchanges beside ours pass with a warning: part of the mail goes there.
 */
function diagnoseReceivingMx(options: { name: string; mxHost: string; priority: number; answer: DnsAnswer<MxRecord> }): RecordDiagnosis {
  const { name, answer } = options;
  const mxHost = canonicalHost(options.mxHost);
  const base = { type: "MX" as const, name, expected: `${options.priority} ${mxHost}` };
  if (answer.kind === "error") return dnsErrorDiagnosis("receiving", base, answer);
  const records = answer.kind === "records" ? [...answer.records].sort((a, b) => a.priority - b.priority) : [];
  const found = records.map((r) => `${r.priority} ${canonicalHost(r.exchange)}`);
  const others = records.filter((r) => canonicalHost(r.exchange) !== mxHost).map((r) => canonicalHost(r.exchange));
  const problems: DnsProblem[] = [];
  if (records.length === 0) {
    problems.push({
      code: "receiving_mx_missing",
      severity: "error",
      record: "receiving",
      message: `No MX record at ${name}. To receive mail here, add an MX record at ${name} pointing to ${mxHost} with priority ${options.priority}.`,
    });
  } else if (others.length === records.length) {
    problems.push({
      code: "receiving_mx_points_elsewhere",
      severity: "error",
      record: "receiving",
      message: `The MX record at ${name} points to ${others.join(", ")}, not ${mxHost}; mail for ${name} does not reach Mailwright.`,
    });
  } else if (others.length) {
    problems.push({
      code: "receiving_mx_points_elsewhere",
      severity: "warning",
      record: "receiving",
      message: `${name} also has MX records for ${others.join(", ")}; some mail for ${name} goes there instead of Mailwright.`,
    });
  }
  return finishDiagnosis({ ...base, found }, problems);
}
