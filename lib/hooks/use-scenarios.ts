import { useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { Scenario } from "@/lib/automations/scenarios/define-scenario";
import { fetchApi } from "@/lib/ui/fetch-api";

export type { Scenario };

/** All 43 scenarios at once: the gallery filters and searches them in the browser. */
export function useScenarios() {
  return useQuery({
    queryKey: ["automation-scenarios"],
    queryFn: async ({ signal }) => {
      const first = await fetchApi<ListEnvelope<Scenario>>("/api/v1/automation-scenarios?limit=100", { signal });
      return first.data;
    },
    staleTime: Infinity,
  });
}
