"use client";

import { useAccount } from "@/lib/hooks/use-account";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useDeleteDomain, useDomain, useVerifyDomain, type VerifyDomainResult } from "@/lib/hooks/use-domains";
import { errorMessage, shownRecord } from "@/lib/ui/fetch-api";
import { formatDate, formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { LoadError } from "@/components/ui/load-error";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { deleteDomainText } from "./delete-domain-text";
import { DnsCheckResults } from "./dns-check-results";
import { DnsRecordsList } from "./dns-records-list";
import { DomainStatusBadge } from "./domain-status-badge";
import { ReceivingSettings } from "./receiving-settings";

function BackLink() {
  return (
    <Link
      href="/domains"
      className="mb-4 inline-flex items-center gap-1 rounded-md text-[13px] font-medium text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ChevronLeftIcon />
      Domains
    </Link>
  );
}

/** What the last "Verify now" found, in one sentence. */
function VerifyOutcome({ result }: { result: VerifyDomainResult }) {
  const failing = result.lastCheck?.problems.filter((p) => p.severity === "error").length ?? 0;
  if (result.dns.spf && result.dns.mx) {
    return (
      <Alert tone="info" title="SPF and MX records found">
        {result.dns.dkim && result.dns.dmarc
          ? "Every record checks out. You can send from any address on this domain."
          : "The domain is verified. Add the recommended records below for the best deliverability."}
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title={`Not verified yet: ${failing} problem${failing === 1 ? "" : "s"} found`}>
      New DNS records can take from a few minutes to a few hours to appear. We keep checking in the background.
    </Alert>
  );
}

export function DomainDetailView({ id }: { id: string }) {
  const router = useRouter();
  const domain = useDomain(id);
  const verify = useVerifyDomain(id);
  const [deleting, setDeleting] = useState(false);
  const deleteDomain = useDeleteDomain();
  const account = useAccount();

  if (domain.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading domain" className="space-y-4">
        <BackLink />
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96" />
        <Skeleton className="mt-8 h-64 w-full" />
      </div>
    );
  }
  const d = shownRecord(domain);
  if (!d) {
    return (
      <>
        <BackLink />
        <LoadError
          title="Could not load this domain"
          error={domain.error}
          onRetry={() => domain.refetch()}
          notFound={{ title: "Domain not found", message: "It may have been deleted." }}
        />
      </>
    );
  }

  return (
    <>
      <BackLink />
      <PageHeader
        title={d.domain}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <DomainStatusBadge status={d.status} />
            {d.verifiedAt && <span>Verified {formatDate(d.verifiedAt)}</span>}
            <span>
              {d.lastCheckedAt ? (
                <>
                  Last checked{" "}
                  <time dateTime={d.lastCheckedAt} title={formatDateTime(d.lastCheckedAt)}>
                    {formatRelative(d.lastCheckedAt)}
                  </time>
                </>
              ) : (
                "Not checked yet"
              )}
            </span>
          </span>
        }
        actions={
          <>
            <Button variant="danger-ghost" onClick={() => setDeleting(true)}>
              Delete
            </Button>
            <Button loading={verify.isPending} onClick={() => verify.mutate()}>
              {verify.isPending ? "Checking DNS…" : "Verify now"}
            </Button>
          </>
        }
      />

      {account.data?.localMode && d.status !== "verified" && (
        <Alert tone="info" title="Local mode: send from this domain now" className="mb-6">
          Nothing leaves this machine, so every address on {d.domain} can send already, and each email lands in the dev inbox. These records
          matter once the service sends to the internet.
        </Alert>
      )}
      <div aria-live="polite" className="mb-6 empty:hidden">
        {verify.isPending && (
          <Alert tone="info" title="Checking DNS">
            Looking up your MX, SPF, DKIM and DMARC records; this takes a few seconds.
          </Alert>
        )}
        {verify.isError && <Alert tone="error">{errorMessage(verify.error)}</Alert>}
        {verify.isSuccess && <VerifyOutcome result={verify.data} />}
      </div>

      <section aria-labelledby="records-heading" className="space-y-3">
        <div>
          <h2 id="records-heading" className="text-base font-semibold tracking-tight text-zinc-900">
            DNS records
          </h2>
          <p className="mt-1 text-sm text-zinc-500">
            Add these at your DNS provider. Some providers add <span className="font-mono text-xs">{d.domain}</span> to names for you: then
            enter only the part before it. The MX and SPF records are required to send.
          </p>
        </div>
        <DnsRecordsList records={d.records} />
      </section>

      <ReceivingSettings domain={d} />

      <section aria-labelledby="check-heading" className="mt-10 space-y-3">
        <h2 id="check-heading" className="text-base font-semibold tracking-tight text-zinc-900">
          DNS check
        </h2>
        {d.lastCheck ? (
          <DnsCheckResults check={d.lastCheck} />
        ) : (
          <p className="rounded-xl border border-dashed border-zinc-300 bg-zinc-50/50 px-5 py-8 text-center text-sm text-zinc-500">
            Not checked yet. Publish the records above, then choose Verify now. We also check every few minutes.
          </p>
        )}
      </section>

      <ConfirmDeleteDialog
        item={deleting ? d : null}
        title="Delete domain"
        description={deleteDomainText}
        confirmLabel="Delete domain"
        onConfirm={(target) => deleteDomain.mutateAsync(target.id)}
        onClose={() => setDeleting(false)}
        onDeleted={() => router.push("/domains")}
      />
    </>
  );
}
