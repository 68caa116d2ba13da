import type { DnsLookup } from "./create-dns-lookup";
import { canonicalHost } from "./dns-names";
import { isSpfRecord, LOOKUP_MECHANISMS, parseSpfRecord } from "./parse-spf-record";

export interface SpfLookupCount {
  /** DNS-querying mechanisms and redirects, counted through every include (RFC 7208 caps it at 10). */
  count: number;
  /** Every include/redirect target met on the way, canonical: lets a check see an indirect include. */
  targets: string[];
  /** Targets whose SPF record could not be read (no record, several records, or a DNS error). */
  unresolved: string[];
}

// Enough to prove a record is over the limit without chasing a pathological tree for long.
const MAX_EVALUATIONS = 50;

/**
 * Counts the DNS lookups a receiver makes to evaluate an SPF record, resolving include: and
 * redirect= targets through the same resolver the check uses. A target reached twice (a
 * diamond) is counted twice, as a receiver evaluates it twice; a loop is followed once; each
 * name is queried only once.
 */
export async function countSpfLookups(options: { record: string; lookup: DnsLookup }): Promise<SpfLookupCount> {
  let count = 0;
  let evaluations = 0;
  const targets = new Set<string>();
  const unresolved = new Set<string>();
  const answers = new Map<string, Promise<string | null>>();

  function spfAt(name: string): Promise<string | null> {
    if (!answers.has(name)) {
      answers.set(
        name,
        options.lookup.txt(name).then((answer) => {
          const records = answer.kind === "records" ? answer.records.filter(isSpfRecord) : [];
          return records.length === 1 ? records[0] : null;
        }),
      );
    }
    return answers.get(name)!;
  }

  async function walk(txt: string, path: readonly string[]): Promise<void> {
    const spf = parseSpfRecord(txt);
    const follow: string[] = [];
    for (const mechanism of spf.mechanisms) {
      if (!LOOKUP_MECHANISMS.has(mechanism.name)) continue;
      count++;
      if (mechanism.name === "include" && mechanism.value) follow.push(mechanism.value);
    }
    // RFC 7208 section 6.1: redirect is ignored when the record has an "all" mechanism.
    if (spf.redirect && !spf.mechanisms.some((m) => m.name === "all")) {
      count++;
      follow.push(spf.redirect);
    }
    await Promise.all(follow.map((target) => visit(target, path)));
  }

  async function visit(target: string, path: readonly string[]): Promise<void> {
    const name = canonicalHost(target);
    targets.add(name);
    // Macros (%{i}) depend on the sender being checked; they cannot be expanded here.
    if (name.includes("%") || path.includes(name) || ++evaluations > MAX_EVALUATIONS) return;
    const record = await spfAt(name);
    if (record === null) {
      unresolved.add(name);
      return;
    }
    await walk(record, [...path, name]);
  }

  await walk(options.record, []);
  return { count, targets: [...targets], unresolved: [...unresolved] };
}
