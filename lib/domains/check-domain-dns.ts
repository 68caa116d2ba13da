import { getEnv } from "@/lib/config/env";
import { buildDomainRecords } from "./build-domain-records";
import { countSpfLookups } from "./count-spf-lookups";
import { createDnsLookup, type DnsLookup } from "./create-dns-lookup";
import { diagnoseDkim } from "./diagnose-dkim";
import { diagnoseDmarc } from "./diagnose-dmarc";
import { diagnoseMx } from "./diagnose-mx";
import { diagnoseSpf } from "./diagnose-spf";
import { isSpfRecord } from "./parse-spf-record";
import { RECORD_KEY_BY_PURPOSE } from "./dns-names";
import type { DomainCheck, DomainRecord, RecordKey } from "./types";

/**
 * Queries the four records of a sending domain through real DNS and diagnoses each. Never
 * throws for DNS trouble: timeouts and SERVFAILs become `dns_error` problems in the result.
 * Verified means SPF and MX pass (the spec); DKIM and DMARC are reported only.
 */
export async function checkDomainDns(options: {
  domain: string;
  selector: string;
  publicKey: string;
  now: Date;
  lookup?: DnsLookup;
  /** The domain receives mail: its own MX is checked too (reported, not needed to verify). */
  receiving?: boolean;
}): Promise<DomainCheck> {
  const env = getEnv();
  const lookup = options.lookup ?? createDnsLookup();
  const expected = Object.fromEntries(buildDomainRecords(options).map((r) => [RECORD_KEY_BY_PURPOSE[r.purpose], r])) as Record<
    RecordKey,
    DomainRecord
  >;

  // SPF and MX share a name but not a query type; all go out at once.
  const [spfAnswer, mxAnswer, dkimAnswer, dmarcAnswer, receivingAnswer] = await Promise.all([
    lookup.txt(expected.spf.name),
    lookup.mx(expected.mx.name),
    lookup.txt(expected.dkim.name),
    lookup.txt(expected.dmarc.name),
    options.receiving ? lookup.mx(expected.receiving.name) : null,
  ]);
  const spfRecords = spfAnswer.kind === "records" ? spfAnswer.records.filter(isSpfRecord) : [];
  const lookups = spfRecords.length === 1 ? await countSpfLookups({ record: spfRecords[0], lookup }) : undefined;

  const spf = diagnoseSpf({
    name: expected.spf.name,
    expected: expected.spf.value,
    spfInclude: env.SPF_INCLUDE,
    answer: spfAnswer,
    lookups,
  });
  const mx = diagnoseMx({ name: expected.mx.name, mxHost: env.MX_HOST, priority: expected.mx.priority ?? 10, answer: mxAnswer });
  const dkim = diagnoseDkim({ name: expected.dkim.name, expected: expected.dkim.value, publicKey: options.publicKey, answer: dkimAnswer });
  const dmarc = diagnoseDmarc({ name: expected.dmarc.name, expected: expected.dmarc.value, answer: dmarcAnswer });

  const receiving = receivingAnswer
    ? diagnoseMx({
        name: expected.receiving.name,
        mxHost: env.MX_HOST,
        priority: expected.receiving.priority ?? 10,
        answer: receivingAnswer,
        receiving: true,
      })
    : null;

  const dns = { spf: spf.check.pass, dkim: dkim.check.pass, dmarc: dmarc.check.pass, mx: mx.check.pass };
  return {
    checkedAt: options.now.toISOString(),
    verified: dns.spf && dns.mx,
    dns: receiving ? { ...dns, receiving: receiving.check.pass } : dns,
    records: { mx: mx.check, spf: spf.check, dkim: dkim.check, dmarc: dmarc.check, ...(receiving ? { receiving: receiving.check } : {}) },
    problems: [...mx.problems, ...spf.problems, ...dkim.problems, ...dmarc.problems, ...(receiving?.problems ?? [])],
  };
}
