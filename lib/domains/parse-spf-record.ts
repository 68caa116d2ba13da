// Just enough of RFC 7208's grammar to diagnose a record: terms, qualifiers, and targets.

export type SpfQualifier = "+" | "-" | "~" | "?";

export interface SpfMechanism {
  qualifier: SpfQualifier;
  /** Lowercase: all, include, a, mx, ptr, ip4, ip6, exists, or whatever unknown name was written. */
  name: string;
  /** The part after ":" (domain or network), without any "/cidr" for a and mx. */
  value?: string;
}

export interface SpfRecord {
  mechanisms: SpfMechanism[];
  /** The redirect= modifier's domain, if any. */
  redirect?: string;
}

/** "v=spf1" then a space or the end; anything else ("v=spf10", "v=spf1a") is not SPF. */
export function isSpfRecord(txt: string): boolean {
  return /^v=spf1(\s|$)/i.test(txt.trim());
}

/** Mechanisms and the redirect modifier that cost a DNS lookup each (RFC 7208 section 4.6.4). */
export const LOOKUP_MECHANISMS = new Set(["include", "a", "mx", "ptr", "exists"]);

export function parseSpfRecord(txt: string): SpfRecord {
  const terms = txt.trim().split(/\s+/).slice(1);
  const record: SpfRecord = { mechanisms: [] };
  for (const term of terms) {
    // A modifier is name=value where the name comes before any ":" or "/".
    const modifier = /^([a-z][a-z0-9_.-]*)=(.*)$/i.exec(term);
    if (modifier) {
      if (modifier[1].toLowerCase() === "redirect") record.redirect = modifier[2];
      continue;
    }
    let rest = term;
    let qualifier: SpfQualifier = "+";
    if ("+-~?".includes(rest[0])) {
      qualifier = rest[0] as SpfQualifier;
      rest = rest.slice(1);
    }
    const match = /^([a-z0-9]+)(?::([^/]*))?(\/.*)?$/i.exec(rest);
    if (!match) {
      record.mechanisms.push({ qualifier, name: rest.toLowerCase() });
      continue;
    }
    record.mechanisms.push({ qualifier, name: match[1].toLowerCase(), value: match[2] || undefined });
  }
  return record;
}
