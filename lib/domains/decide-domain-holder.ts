import type { DnsProblem, DomainCheck } from "./types";

export type CheckTrigger = "verify" | "recheck";

export interface HolderDecision {
  status: "verified" | "unverified";
  /** This copy takes the name from the account that holds it now. */
  takeOver: boolean;
  /** The ownership problem this copy's check names, if any. */
  problem: DnsProblem | null;
}

/**
 * Who holds a name after a check of one account's copy. The SPF and MX records are
 * the same for every account, so they decide only for a name nobody else holds; against a
 * holder only this copy's own DKIM record (its per-domain key) proves control. When the
 * holder's DKIM record is published too, both accounts prove control: an explicit verify moves
 * the name (the customer asked for it), a scheduled re-check leaves it where it is, so two
 * copies with both keys published never take the name from each other in turn.
 */
export function decideDomainHolder(options: {
  domain: string;
  check: DomainCheck;
  /** This copy is the verified one already: verification stays one-way for the holder. */
  holds: boolean;
  /** Another account's verified copy, and whether its own DKIM record is published. */
  holder: { dkimPublished: boolean } | null;
  trigger: CheckTrigger;
  /** This copy lost the name before: its problem keeps saying so. */
  displaced: boolean;
}): HolderDecision {
  const { check, holder } = options;
  if (options.holds) return { status: "verified", takeOver: false, problem: null };
  if (!holder) return { status: check.verified ? "verified" : "unverified", takeOver: false, problem: null };

  const provesControl = check.verified && check.dns.dkim;
  if (provesControl && (!holder.dkimPublished || options.trigger === "verify")) {
    return { status: "verified", takeOver: true, problem: null };
  }
  const dkimName = check.records.dkim.name;
  const fix = provesControl
    ? "The account holding it publishes its own DKIM record too: remove that record, or verify this domain again to move it here."
    : `The SPF and MX records are the same for every account, so they cannot show that you control it: publish this domain's DKIM record at ${dkimName}, then verify again to move the domain here.`;
  return {
    status: "unverified",
    takeOver: false,
    problem: options.displaced
      ? claimedElsewhere(options.domain, fix)
      : { code: "domain_claimed", severity: "error", record: "dkim", message: `Another account holds ${options.domain}. ${fix}` },
  };
}

/** The problem of a copy whose name another account took by publishing its DKIM record. */
export function claimedElsewhere(domain: string, fix?: string): DnsProblem {
  return {
    code: "domain_claimed_elsewhere",
    severity: "error",
    record: "dkim",
    message:
      `Another account proved control of ${domain} with its own DKIM record and holds it now; mail from it is refused here. ` +
      (fix ?? "To move it back, publish this domain's DKIM record (and remove the other account's), then verify again."),
  };
}
