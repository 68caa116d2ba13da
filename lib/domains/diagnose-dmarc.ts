import type { DnsAnswer } from "./create-dns-lookup";
import { dnsErrorDiagnosis, finishDiagnosis } from "./finish-diagnosis";
import { parseTagList } from "./parse-tag-list";
import type { DnsProblem, RecordDiagnosis } from "./types";

/**
 * Diagnoses the DMARC record at `_dmarc.<domain>`. DMARC is advice, not a condition of
 * verification: a missing record is a warning, p=none is information (it is the right first
 * step, and the value we recommend), and only a lookup failure is an error.
 */
export function diagnoseDmarc(options: { name: string; expected: string; answer: DnsAnswer<string> }): RecordDiagnosis {
  const { name, answer } = options;
  const base = { type: "TXT" as const, name, expected: options.expected };
  if (answer.kind === "error") return dnsErrorDiagnosis("dmarc", base, answer);

  const found = answer.kind === "records" ? answer.records : [];
  const dmarc = found.filter((txt) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(txt.trim()));
  const problems: DnsProblem[] = [];

  if (dmarc.length === 0) {
    problems.push({
      code: "dmarc_missing",
      severity: "warning",
      record: "dmarc",
      message: `No DMARC record at ${name}. Add "${options.expected}" to start receiving reports; mailbox providers increasingly expect one from bulk senders.`,
    });
    return finishDiagnosis({ ...base, found }, problems, { passWhenClean: false });
  }
  if (dmarc.length > 1) {
    problems.push({
      code: "dmarc_multiple_records",
      severity: "warning",
      record: "dmarc",
      message: `${name} has ${dmarc.length} DMARC records; receivers then ignore DMARC entirely (RFC 7489). Keep one.`,
    });
    return finishDiagnosis({ ...base, found }, problems, { passWhenClean: false });
  }

  const policy = (parseTagList(dmarc[0]).get("p") ?? "none").toLowerCase();
  if (policy === "none") {
    problems.push({
      code: "dmarc_policy_none",
      severity: "info",
      record: "dmarc",
      message:
        "The DMARC policy is p=none: receivers report failures but still deliver spoofed mail. Once your mail passes SPF and DKIM, move to p=quarantine and then p=reject.",
    });
  }
  return finishDiagnosis({ ...base, found }, problems);
}
