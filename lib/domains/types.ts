// Shapes stored in Domain.records and Domain.lastCheck (JSON columns) and returned by the API.

export type RecordStatus = "pending" | "verified" | "failed" | "warning";
export type RecordKey = "mx" | "spf" | "dkim" | "dmarc" | "receiving";
export type RecordPurpose = "bounce MX" | "SPF" | "DKIM" | "DMARC" | "receiving MX";

/** One DNS record the customer adds at their DNS host. */
export interface DomainRecord {
  type: "MX" | "TXT";
  /** Fully qualified, without the trailing dot: `send.example.com`. */
  name: string;
  value: string;
  purpose: RecordPurpose;
  status: RecordStatus;
  /** MX and SPF decide verification; DKIM and DMARC are checked and reported only. */
  required: boolean;
  priority?: number;
}

export type ProblemCode =
  | "spf_missing"
  | "spf_multiple_records"
  | "spf_too_many_lookups"
  | "spf_plus_all"
  | "spf_missing_include"
  | "mx_missing"
  | "mx_points_elsewhere"
  // Receiving is on, and the domain's own MX does not (or not only) point to us.
  | "receiving_mx_missing"
  | "receiving_mx_points_elsewhere"
  | "dkim_missing"
  | "dkim_mismatch"
  | "dmarc_missing"
  | "dmarc_multiple_records"
  | "dmarc_policy_none"
  | "dns_error"
  // Ownership: another account holds the name; this one has not proved control.
  | "domain_claimed"
  // Ownership: this account held the name until another account proved control with its DKIM record.
  | "domain_claimed_elsewhere";

export interface DnsProblem {
  code: ProblemCode;
  /** error: the record fails; warning: it passes but should be fixed; info: advice. */
  severity: "error" | "warning" | "info";
  record: RecordKey;
  message: string;
}

/** What one record's check found beside what it expected. */
export interface RecordCheck {
  type: "MX" | "TXT";
  name: string;
  expected: string;
  /** TXT strings (multi-string records joined) or "10 mx.example.com" for MX. */
  found: string[];
  status: RecordStatus;
  pass: boolean;
  /** Set when the lookup itself failed (timeout, SERVFAIL, REFUSED, ...). */
  dnsError?: string;
  /** SPF only: DNS-querying mechanisms counted through includes (RFC 7208 allows 10). */
  lookups?: number;
}

export interface RecordDiagnosis {
  check: RecordCheck;
  problems: DnsProblem[];
}

/** The last check's diagnosis, stored in Domain.lastCheck. */
export interface DomainCheck {
  checkedAt: string;
  /**
   * SPF and MX pass (the spec's condition for verification), and no other account holds the
   * name unless this one proved control with its DKIM record (the problem says which).
   */
  verified: boolean;
  dns: { spf: boolean; dkim: boolean; dmarc: boolean; mx: boolean; receiving?: boolean };
  /** `receiving` only while the domain receives mail. */
  records: Record<Exclude<RecordKey, "receiving">, RecordCheck> & { receiving?: RecordCheck };
  problems: DnsProblem[];
}
