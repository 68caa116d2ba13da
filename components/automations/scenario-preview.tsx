"use client";

import { useRouter } from "next/navigation";
import { useCreateAutomation } from "@/lib/hooks/use-automations";
import type { Industry } from "@/lib/automations/scenarios/define-scenario";
import type { Scenario } from "@/lib/hooks/use-scenarios";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ClockIcon, MailIcon } from "@/components/ui/icons";
import { ZapIcon } from "./automation-icons";
import { delayLabel, triggerSummary } from "./automation-format";
import { StepPreview } from "./step-preview";

export const INDUSTRY_LABELS: Record<Industry, string> = {
  saas: "SaaS",
  ecommerce: "E-commerce",
  education: "Education",
  fitness: "Fitness",
  real_estate: "Real estate",
  hospitality: "Hospitality",
  nonprofit: "Nonprofit",
};

export function totalDuration(scenario: Scenario) {
  return scenario.steps.reduce((sum, step) => sum + step.delayMinutes, 0);
}

export function ScenarioPreview({ scenario }: { scenario: Scenario }) {
  const router = useRouter();
  const create = useCreateAutomation();
  const listName = scenario.triggerType === "list_join" ? (scenario.triggerConfig as { listName: string }).listName : undefined;
  return (
    <section aria-labelledby="scenario-preview-title" className="rounded-xl border border-zinc-200 bg-white shadow-card">
      <div className="flex flex-col gap-3 border-b border-zinc-200 p-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Badge tone="brand">{INDUSTRY_LABELS[scenario.industry]}</Badge>
          <h2 id="scenario-preview-title" className="mt-2 text-lg font-semibold tracking-tight text-zinc-900">
            {scenario.name}
          </h2>
          <p className="mt-1 text-sm text-zinc-500">{scenario.description}</p>
        </div>
        <Button
          loading={create.isPending}
          onClick={() => create.mutate(scenario, { onSuccess: (automation) => router.push(`/automations/${automation.id}`) })}
        >
          Use this scenario
        </Button>
      </div>
      {create.isError && (
        <div className="px-5 pt-4">
          <Alert tone="error" title="Could not create the automation">
            {errorMessage(create.error)}
          </Alert>
        </div>
      )}
      <ol className="space-y-0 p-5">
        <li className="flex gap-3">
          <div className="flex flex-col items-center">
            <span className="flex size-8 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-200">
              <ZapIcon />
            </span>
            <span aria-hidden="true" className="w-px flex-1 bg-zinc-200" />
          </div>
          <div className="pb-6">
            <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Trigger</p>
            <p className="text-sm font-medium text-zinc-900">{triggerSummary(scenario.triggerType, scenario.triggerConfig)}</p>
            {scenario.goal && (
              <p className="mt-1 text-[13px] text-zinc-600">
                Goal: stops as soon as the contact does <span className="font-mono">{scenario.goal.eventName}</span> (send it with POST
                /api/v1/events).
              </p>
            )}
          </div>
        </li>
        {scenario.steps.map((step, index) => {
          const elapsed = scenario.steps.slice(0, index + 1).reduce((sum, s) => sum + s.delayMinutes, 0);
          return (
            <li key={index} className="flex gap-3">
              <div className="flex flex-col items-center">
                <span className="flex size-8 items-center justify-center rounded-full bg-zinc-100 text-zinc-600 ring-1 ring-zinc-200">
                  <MailIcon />
                </span>
                {index < scenario.steps.length - 1 && <span aria-hidden="true" className="w-px flex-1 bg-zinc-200" />}
              </div>
              <div className="min-w-0 flex-1 pb-6">
                <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
                  <span className="font-medium tracking-wide uppercase">Email {index + 1}</span>
                  <span className="inline-flex items-center gap-1">
                    <ClockIcon className="size-3.5" />
                    {delayLabel(step.delayMinutes)}
                  </span>
                  {index > 0 && <span>· day {Math.floor(elapsed / 1440)} after the trigger</span>}
                </p>
                <div className="mt-2">
                  <StepPreview subject={step.subject} html={step.bodyHtml} listName={listName} height={220} />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
