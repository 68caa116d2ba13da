"use client";

import { useBroadcast } from "@/lib/hooks/use-broadcasts";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { BroadcastBackLink } from "./broadcast-back-link";
import { BroadcastComposer } from "./broadcast-composer";
import { BroadcastReport } from "./broadcast-report";

/** A draft opens in the composer; anything past it shows its report with live stats. */
export function BroadcastLoader({ id }: { id: string }) {
  const broadcast = useBroadcast(id);
  if (broadcast.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading broadcast">
        <BroadcastBackLink />
        <Skeleton className="h-8 w-64" />
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-[32rem] w-full rounded-xl" />
          <Skeleton className="h-[32rem] w-full rounded-xl" />
        </div>
      </div>
    );
  }
  if (broadcast.isError) {
    return (
      <>
        <BroadcastBackLink />
        <LoadError
          title="Could not load this broadcast"
          error={broadcast.error}
          onRetry={() => broadcast.refetch()}
          notFound={{ title: "Broadcast not found", message: "It may have been deleted." }}
        />
      </>
    );
  }
  if (broadcast.data.status === "draft") return <BroadcastComposer key={broadcast.data.id} broadcast={broadcast.data} />;
  return <BroadcastReport broadcast={broadcast.data} />;
}
