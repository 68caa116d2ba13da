import type { RecordKey, RecordPurpose } from "./types";

// Where each record of a sending domain lives, and how host names are compared.

/** Bounces come back to `bounce+<token>@send.<domain>`, so MX and SPF live here. */
export const BOUNCE_SUBDOMAIN = "send";

/** Lowercase without the one trailing dot DNS answers and config values may carry. */
export function canonicalHost(name: string): string {
  return name.trim().replace(/\.$/, "").toLowerCase();
}

export function recordNames(domain: string, selector: string) {
  return {
    bounce: `${BOUNCE_SUBDOMAIN}.${domain}`,
    dkim: `${selector}._domainkey.${domain}`,
    dmarc: `_dmarc.${domain}`,
  };
}

/** Which check (and which key of DomainCheck.records) belongs to each record purpose. */
export const RECORD_KEY_BY_PURPOSE: Record<RecordPurpose, RecordKey> = {
  "bounce MX": "mx",
  SPF: "spf",
  DKIM: "dkim",
  DMARC: "dmarc",
  "receiving MX": "receiving",
};
