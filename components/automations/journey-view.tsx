"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { Automation } from "@/lib/hooks/use-automations";
import { fetchApi } from "@/lib/ui/fetch-api";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { JourneyEditor } from "./journey-editor";
import type { Journey } from "./journey-format";

/**
 * A branching automation (a journey): its graph on a canvas, edited while paused (add a step on
 * any branch, change a step in the side panel, delete one, move one with the mouse) and saved
 * whole through the resend SDK's automations.update. Read-only while it runs.
 */
export function JourneyView({ automation }: { automation: Automation }) {
  const graphPath = `/api/v1/resend/automations/${encodeURIComponent(automation.id)}`;
  const journey = useQuery({
    queryKey: ["automations", "journey", automation.id],
    queryFn: ({ signal }) => fetchApi<Journey>(graphPath, { signal }),
  });
  return (
    <div>
      <Link href="/automations" className="mb-3 inline-flex items-center gap-1 text-[13px] text-zinc-500 hover:text-zinc-900">
        <ChevronLeftIcon className="size-3.5" />
        Automations
      </Link>
      {journey.isPending ? (
        <div aria-busy="true" aria-label="Loading the journey" className="space-y-4">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-[480px] w-full" />
        </div>
      ) : journey.isError ? (
        <LoadError title="Could not load the steps" error={journey.error} onRetry={() => journey.refetch()} />
      ) : (
        <JourneyEditor automation={automation} journey={journey.data} graphPath={graphPath} />
      )}
    </div>
  );
}
