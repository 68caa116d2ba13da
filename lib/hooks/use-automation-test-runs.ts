import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TestRunResponse } from "@/lib/automations/test-runs/serialize-test-run";
import type { StartTestRunBody } from "@/lib/automations/test-runs/test-run-schemas";
import { fetchApi } from "@/lib/ui/fetch-api";

export type TestRun = TestRunResponse;

const testRunsKey = (automationId: string) => ["automations", "test-runs", automationId] as const;
const path = (automationId: string) => `/api/v1/automations/${encodeURIComponent(automationId)}/test-runs`;

/** One test run, polled every `pollMs` while it is still running. */
export function useTestRun(automationId: string, runId: string | null, pollMs = 1000) {
  return useQuery({
    queryKey: [...testRunsKey(automationId), "detail", runId],
    queryFn: ({ signal }) => fetchApi<TestRun>(`${path(automationId)}/${encodeURIComponent(runId!)}`, { signal }),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" || !query.state.data ? pollMs : false),
  });
}

export function useStartTestRun(automationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartTestRunBody) => fetchApi<TestRun>(path(automationId), { method: "POST", body }),
    onSuccess: (run) => {
      queryClient.setQueryData([...testRunsKey(automationId), "detail", run.id], run);
      return queryClient.invalidateQueries({ queryKey: [...testRunsKey(automationId), "list"] });
    },
  });
}

/** A journey's test run at a wait or delay: the tester sends the event it waits for, or skips the wait. */
export function useResumeTestRun(automationId: string, runId: string) {
  const queryClient = useQueryClient();
  const runPath = `${path(automationId)}/${encodeURIComponent(runId)}`;
  return useMutation({
    mutationFn: (action: { event: string } | { skip: true }) =>
      "event" in action
        ? fetchApi<TestRun>(`${runPath}/events`, { method: "POST", body: { name: action.event } })
        : fetchApi<TestRun>(`${runPath}/skip-wait`, { method: "POST" }),
    onSuccess: (run) => queryClient.setQueryData([...testRunsKey(automationId), "detail", run.id], run),
  });
}
