import type { DnsAnswer } from "./create-dns-lookup";
import type { SpfLookupCount } from "./count-spf-lookups";
import { canonicalHost } from "./dns-names";
import { dnsErrorDiagnosis, finishDiagnosis } from "./finish-diagnosis";
import { isSpfRecord, parseSpfRecord } from "./parse-spf-record";
import type { DnsProblem, RecordDiagnosis } from "./types";

export const SPF_LOOKUP_LIMIT = 10;

/**
 * Diagnoses the SPF record at the bounce subdomain. It passes when there is exactly one
 * v=spf1 record, it authorises our include (directly or through a nested include), and a
 * receiver can evaluate it within 10 lookups: more than one record or more than 10 lookups is
 * a permerror (RFC 7208 sections 4.5 and 4.6.4), which receivers treat as no SPF at all.
 */
export function diagnoseSpf(options: {
  name: string;
  expected: string;
  spfInclude: string;
  answer: DnsAnswer<string>;
  /** From countSpfLookups, when exactly one SPF record was found. */
  lookups?: SpfLookupCount;
}): RecordDiagnosis {
  const { name, expected, answer } = options;
  const base = { type: "TXT" as const, name, expected };
  if (answer.kind === "error") return dnsErrorDiagnosis("spf", base, answer);

  const found = answer.kind === "records" ? answer.records : [];
  const spfRecords = found.filter(isSpfRecord);
  const problems: DnsProblem[] = [];
  const problem = (code: DnsProblem["code"], severity: DnsProblem["severity"], message: string) =>
    problems.push({ code, severity, record: "spf", message });

  if (spfRecords.length === 0) {
    problem("spf_missing", "error", `No SPF record at ${name}. Add a TXT record there with the value "${expected}".`);
    return finishDiagnosis({ ...base, found }, problems);
  }
  if (spfRecords.length > 1) {
    problem(
      "spf_multiple_records",
      "error",
      `${name} has ${spfRecords.length} SPF (v=spf1) records; receivers treat that as a permanent error and ignore SPF. Merge them into one record.`,
    );
    return finishDiagnosis({ ...base, found }, problems);
  }

  const include = canonicalHost(options.spfInclude);
  const spf = parseSpfRecord(spfRecords[0]);
  const direct = spf.mechanisms.find((m) => m.name === "include" && m.value && canonicalHost(m.value) === include);
  const indirect = options.lookups?.targets.includes(include) ?? false;
  if (direct && direct.qualifier !== "+") {
    problem(
      "spf_missing_include",
      "error",
      `The SPF record at ${name} has "${direct.qualifier}include:${include}", which does not authorise our servers; use "include:${include}".`,
    );
  } else if (!direct && !indirect) {
    problem(
      "spf_missing_include",
      "error",
      `The SPF record at ${name} does not include ${include}; add "include:${include}" before the "all" term.`,
    );
  }

  if (spf.mechanisms.some((m) => m.name === "all" && m.qualifier === "+")) {
    problem(
      "spf_plus_all",
      "warning",
      `The SPF record at ${name} ends in "+all" (or a bare "all"), which lets any server on the internet send as this domain; use "~all" or "-all".`,
    );
  }

  const lookups = options.lookups?.count;
  if (lookups !== undefined && lookups > SPF_LOOKUP_LIMIT) {
    problem(
      "spf_too_many_lookups",
      "error",
      `The SPF record at ${name} needs ${lookups} DNS lookups (counting nested includes); receivers stop at ${SPF_LOOKUP_LIMIT} and fail SPF. Remove includes you no longer use or flatten them.`,
    );
  }
  return finishDiagnosis({ ...base, found, ...(lookups !== undefined ? { lookups } : {}) }, problems);
}
