import { getEnv } from "@/lib/config/env";
import { canonicalHost, recordNames } from "./dns-names";
import type { DomainRecord } from "./types";

export const MX_PRIORITY = 10;

/**
 * The four records a customer adds, all `pending` until a check runs. Bounces come
 * back to `send.<domain>` (the VERP Return-Path), so the MX and the SPF record that
 * authorises our servers live there, leaving the customer's own root MX and SPF untouched.
 * A domain that receives mail adds a fifth: its own MX, pointing to our inbound server.
 */
export function buildDomainRecords(options: { domain: string; selector: string; publicKey: string; receiving?: boolean }): DomainRecord[] {
  const env = getEnv();
  const names = recordNames(options.domain, options.selector);
  return [
    {
      type: "MX",
      name: names.bounce,
      value: canonicalHost(env.MX_HOST),
      priority: MX_PRIORITY,
      purpose: "bounce MX",
      status: "pending",
      required: true,
    },
    {
      type: "TXT",
      name: names.bounce,
      value: `v=spf1 include:${canonicalHost(env.SPF_INCLUDE)} ~all`,
      purpose: "SPF",
      status: "pending",
      required: true,
    },
    {
      type: "TXT",
      name: names.dkim,
      value: `v=DKIM1; k=rsa; p=${options.publicKey}`,
      purpose: "DKIM",
      status: "pending",
      required: false,
    },
    {
      type: "TXT",
      name: names.dmarc,
      value: "v=DMARC1; p=none;",
      purpose: "DMARC",
      status: "pending",
      required: false,
    },
    ...(options.receiving ? [receivingRecord(options.domain)] : []),
  ];
}

/** The MX that routes the domain's incoming mail to Mailwright; checked and reported, never needed to send. */
export function receivingRecord(domain: string): DomainRecord {
  return {
    type: "MX",
    name: domain,
    value: canonicalHost(getEnv().MX_HOST),
    priority: MX_PRIORITY,
    purpose: "receiving MX",
    status: "pending",
    required: false,
  };
}
