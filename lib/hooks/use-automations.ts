import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@/lib/api/pagination";
import type { AutomationResponse, StepResponse } from "@/lib/automations/serialize-automation";
import type { EnrollmentResponse } from "@/lib/automations/enrollments/serialize-enrollment";
import type { StepFunnelResponse } from "@/lib/automations/steps/step-funnel";
import type { AddStepBody, ReplaceStepsBody, UpdateAutomationBody, UpdateStepBody } from "@/lib/automations/schemas";
import type { AutomationChecks } from "@/lib/automations/check-automation";
import { fetchApi } from "@/lib/ui/fetch-api";

export type Automation = AutomationResponse;
export type AutomationStep = StepResponse;
export type Enrollment = EnrollmentResponse;
export type StepFunnel = StepFunnelResponse;
export type { AutomationChecks };
export type AutomationCheck = AutomationChecks["blockers"][number];

/** What POST /automations takes: a blank automation or a scenario body as is. */
export interface CreateAutomationInput {
  name: string;
  description?: string | null;
  triggerType: string;
  triggerConfig: unknown;
  from?: string | null;
  /** `design`: the visual editor's blocks, from which the API renders bodyHtml. */
  steps: { delayMinutes: number; subject?: string; bodyHtml?: string; templateId?: string; design?: unknown }[];
}

const automationsKey = ["automations"] as const;
const path = (id: string) => `/api/v1/automations/${encodeURIComponent(id)}`;

export function useAutomations(query: { limit: number; offset: number }) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  return useQuery({
    queryKey: [...automationsKey, "list", query],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Automation>>(`/api/v1/automations?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAutomation(id: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: [...automationsKey, "detail", id],
    queryFn: ({ signal }) => fetchApi<Automation>(path(id), { signal }),
    refetchInterval: options.refetchInterval,
  });
}

export function useEnrollments(
  id: string,
  query: { status?: string; limit: number; offset: number },
  refetchInterval: number | false = false,
) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.status) params.set("status", query.status);
  return useQuery({
    queryKey: [...automationsKey, "enrollments", id, query],
    queryFn: ({ signal }) => fetchApi<ListEnvelope<Enrollment>>(`${path(id)}/enrollments?${params}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** POST /automations/:id/enrollments/:enrollmentId/retry: a failed enrollment runs its step again. */
export function useRetryEnrollment(automationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enrollmentId: string) =>
      fetchApi<Enrollment>(`${path(automationId)}/enrollments/${enrollmentId}/retry`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...automationsKey, "enrollments", automationId] }),
  });
}

export function useCreateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAutomationInput) => fetchApi<Automation>("/api/v1/automations", { method: "POST", body }),
    onSuccess: (automation) => {
      queryClient.setQueryData([...automationsKey, "detail", automation.id], automation);
      return queryClient.invalidateQueries({ queryKey: [...automationsKey, "list"] });
    },
  });
}

/**
 * Every builder change goes through here: each call returns the automation as stored after it,
 * so the builder always shows the server's truth (and can keep it for undo).
 */
export function useAutomationActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    const automation = await fetchApi<Automation>(path(id));
    queryClient.setQueryData([...automationsKey, "detail", id], automation);
    void queryClient.invalidateQueries({ queryKey: [...automationsKey, "list"] });
    void queryClient.invalidateQueries({ queryKey: [...automationsKey, "checks", id] });
    return automation;
  };
  return {
    refresh,
    update: async (body: UpdateAutomationBody) => {
      await fetchApi<Automation>(path(id), { method: "PATCH", body });
      return refresh();
    },
    addStep: async (body: AddStepBody) => {
      await fetchApi<AutomationStep>(`${path(id)}/steps`, { method: "POST", body });
      return refresh();
    },
    updateStep: async (stepId: string, body: UpdateStepBody) => {
      await fetchApi<AutomationStep>(`${path(id)}/steps/${encodeURIComponent(stepId)}`, { method: "PATCH", body });
      return refresh();
    },
    /** PUT /steps: the whole ordered list in one transaction; listed steps keep their ids. */
    replaceSteps: async (body: ReplaceStepsBody) => {
      await fetchApi<Automation>(`${path(id)}/steps`, { method: "PUT", body });
      return refresh();
    },
    deleteStep: async (stepId: string) => {
      await fetchApi(`${path(id)}/steps/${encodeURIComponent(stepId)}`, { method: "DELETE" });
      return refresh();
    },
    /** With enrollExisting, the contacts who already match are enrolled too; returns how many. */
    activate: async (body?: { enrollExisting: boolean }) => {
      const activated = await fetchApi<Automation & { enrolled: number }>(`${path(id)}/activate`, { method: "POST", body });
      await refresh();
      return activated.enrolled;
    },
    /** GET /checks now (what Activate would refuse), kept as the checks query's data. */
    checks: async () => {
      const checks = await fetchApi<AutomationChecks>(`${path(id)}/checks`);
      queryClient.setQueryData([...automationsKey, "checks", id], checks);
      return checks;
    },
    /** How many contacts activating with enrollExisting would enroll now. */
    matchingContacts: () => fetchApi<{ count: number; supported: boolean }>(`${path(id)}/matching-contacts`),
    pause: async () => {
      await fetchApi<Automation>(`${path(id)}/pause`, { method: "POST" });
      return refresh();
    },
  };
}

/** GET /automations/:id/checks: what blocks activation, and warnings; every builder change re-checks. */
export function useAutomationChecks(id: string) {
  return useQuery({
    queryKey: [...automationsKey, "checks", id],
    queryFn: ({ signal }) => fetchApi<AutomationChecks>(`${path(id)}/checks`, { signal }),
  });
}

/** GET /automations/:id/funnel: per step, contacts waiting for it and its sent → clicked counts. */
export function useStepFunnel(id: string, refetchInterval: number | false = false) {
  return useQuery({
    queryKey: [...automationsKey, "funnel", id],
    queryFn: ({ signal }) => fetchApi<StepFunnel>(`${path(id)}/funnel`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}
