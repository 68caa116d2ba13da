import type { Domain } from "@/lib/hooks/use-domains";

/** What deleting a domain costs: the DKIM key goes with it and cannot be restored. */
export function deleteDomainText(domain: Pick<Domain, "domain">) {
  return (
    <>
      Email can no longer be sent from <span className="font-medium text-zinc-700">{domain.domain}</span>, and its DKIM key is destroyed.
      Adding the domain again creates a new key, so its DNS records change. This cannot be undone.
    </>
  );
}
