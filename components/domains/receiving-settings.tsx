"use client";

import Link from "next/link";
import { useUpdateDomainReceiving, type Domain } from "@/lib/hooks/use-domains";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** The domain's receiving switch: on, mail for it is accepted at the inbound port and listed under Receiving. */
export function ReceivingSettings({ domain }: { domain: Domain }) {
  const update = useUpdateDomainReceiving(domain.id);
  const on = domain.capabilities.receiving === "enabled";
  return (
    <section aria-labelledby="receiving-heading" className="mt-10 space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="receiving-heading" className="text-base font-semibold tracking-tight text-zinc-900">
            Receiving
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-zinc-500">
            {on ? (
              <>
                Mail for{" "}
                {domain.receivingAddresses.length
                  ? domain.receivingAddresses.map((a) => `${a}@${domain.domain}`).join(", ")
                  : `any address at ${domain.domain}`}{" "}
                is accepted and listed under{" "}
                <Link href="/receiving" className="font-medium text-brand-600 hover:underline">
                  Receiving
                </Link>
                . Publish the receiving MX record above so other servers deliver it here.
              </>
            ) : (
              "Off: mail for this domain is refused. Turn it on to receive mail here; a receiving MX record to publish is then added above."
            )}
          </p>
        </div>
        <Button variant="secondary" loading={update.isPending} onClick={() => update.mutate(on ? "disabled" : "enabled")}>
          {on ? "Turn receiving off" : "Turn receiving on"}
        </Button>
      </div>
      {update.isError && <Alert tone="error">{errorMessage(update.error)}</Alert>}
    </section>
  );
}
