"use client";

import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchApi } from "@/lib/ui/fetch-api";
import type { StepCounts } from "./journey-nodes";
import type { JourneyRuns } from "./journey-settings-panel";

/** GET /automations/:id/step-counts: a journey's counts by step, with each path's runs and goal conversions. */
export interface JourneyLive {
  runs: JourneyRuns;
  steps: ({ key: string } & StepCounts)[];
}

/**
 * The live view: counts by step, refreshed every 10 s while the journey runs (asked for once it
 * has ever run), and by key once there are runs to count.
 */
export function useJourneyLive(automation: { id: string; firstActivatedAt: string | null }, running: boolean) {
  const live = useQuery({
    queryKey: ["automations", "step-counts", automation.id],
    queryFn: ({ signal }) => fetchApi<JourneyLive>(`/api/v1/automations/${encodeURIComponent(automation.id)}/step-counts`, { signal }),
    enabled: automation.firstActivatedAt !== null,
    refetchInterval: running ? 10_000 : false,
  });
  const counts = useMemo(() => (live.data?.runs.total ? new Map(live.data.steps.map((s) => [s.key, s])) : null), [live.data]);
  return { live, counts };
}
