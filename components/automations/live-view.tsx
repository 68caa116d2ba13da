"use client";

import { useMemo } from "react";
import { useNow } from "@/lib/hooks/use-now";
import { useServerClockOffset } from "@/lib/hooks/use-server-clock";
import { useAutomation, useStepFunnel, type Automation } from "@/lib/hooks/use-automations";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { delayLabel } from "./automation-format";
import { LiveEnrollments, POLL_MS } from "./live-enrollments";
import { funnelTotals, StepFunnelTable } from "./step-funnel-table";

export function LiveView({ automation: initial }: { automation: Automation }) {
  // Counts move while the page is open: poll the automation, its enrollments and the per-step funnel.
  const { data: automation = initial } = useAutomation(initial.id, { refetchInterval: POLL_MS });
  const funnel = useStepFunnel(automation.id, POLL_MS);
  const waitingByStep = useMemo(() => new Map(funnel.data?.steps.map((s) => [s.stepId, s.waiting])), [funnel.data]);
  const stats = automation.stats;
  // "Enrolled 2 hours ago" on the service's clock, which a test clock may have moved ahead.
  const clockOffset = useServerClockOffset() ?? 0;
  const now = useNow() + clockOffset;
  const cards = [
    { label: "In progress", value: stats.active, tone: "text-sky-700" },
    { label: "Completed", value: stats.completed, tone: "text-emerald-700" },
    { label: "Cancelled", value: stats.cancelled, tone: "text-zinc-700" },
    { label: "Failed", value: stats.failed, tone: "text-red-700" },
  ];
  // All steps together, summed from the funnel so both read the same (polled) numbers.
  const totals = useMemo(() => (funnel.data ? funnelTotals(funnel.data) : undefined), [funnel.data]);
  const maxWaiting = Math.max(1, ...automation.steps.map((s) => waitingByStep.get(s.id) ?? 0));

  return (
    <div className="space-y-6" data-testid="live-view">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl border border-zinc-200 bg-white px-4 py-3 shadow-card">
            <dt className="text-xs font-medium text-zinc-500">{card.label}</dt>
            <dd
              className={`mt-1 text-2xl font-semibold tabular-nums ${card.value > 0 ? card.tone : "text-zinc-900"}`}
              data-testid={`stat-${card.label.toLowerCase().replace(" ", "-")}`}
            >
              {card.value}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="waiting-title" className="rounded-xl border border-zinc-200 bg-white p-4 shadow-card">
        <h2 id="waiting-title" className="text-sm font-semibold text-zinc-900">
          Waiting at each step
        </h2>
        <p className="mt-0.5 text-[13px] text-zinc-500">Contacts in progress, by the email they get next.</p>
        {funnel.isError && !funnel.data ? (
          <Alert tone="error" className="mt-3">
            {errorMessage(funnel.error)}
          </Alert>
        ) : (
          <ol className="mt-3 space-y-2">
            {automation.steps.map((step, index) => {
              const count = waitingByStep.get(step.id) ?? 0;
              return (
                <li key={step.id} className="grid grid-cols-[5rem_minmax(0,1fr)_8rem_3rem] items-center gap-3 text-[13px]">
                  <span className="font-medium text-zinc-900">Email {index + 1}</span>
                  <span className="truncate text-zinc-600" title={step.subject ?? undefined}>
                    {step.subject ?? "Template email"}{" "}
                    <span className="text-zinc-500">· {delayLabel(step.delayMinutes).toLowerCase()}</span>
                  </span>
                  <span className="h-2 overflow-hidden rounded-full bg-zinc-100" aria-hidden="true">
                    <span className="block h-full rounded-full bg-sky-500" style={{ width: `${(count / maxWaiting) * 100}%` }} />
                  </span>
                  <span className="text-right font-medium tabular-nums text-zinc-900" data-testid={`waiting-${index + 1}`}>
                    {funnel.isPending ? <Skeleton className="ml-auto h-4 w-6" /> : count}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <section aria-labelledby="delivery-title" className="rounded-xl border border-zinc-200 bg-white p-4 shadow-card">
        <h2 id="delivery-title" className="text-sm font-semibold text-zinc-900">
          Emails sent by this automation
        </h2>
        <p className="mt-0.5 text-[13px] text-zinc-500">All steps together. Opens and clicks count each contact once.</p>
        {funnel.isError && !funnel.data ? (
          <Alert tone="error" className="mt-3">
            {errorMessage(funnel.error)}
          </Alert>
        ) : (
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              { label: "Sent", value: totals?.sent, rate: null },
              { label: "Delivered", value: totals?.delivered, rate: totals?.rates.delivered },
              { label: "Opened", value: totals?.opened, rate: totals?.rates.opened },
              { label: "Clicked", value: totals?.clicked, rate: totals?.rates.clicked },
            ].map((item) => (
              <div key={item.label}>
                <dt className="text-xs text-zinc-500">{item.label}</dt>
                <dd className="mt-0.5 text-lg font-semibold tabular-nums text-zinc-900">
                  {item.value ?? <Skeleton className="h-6 w-10" />}
                  {item.rate != null && item.value != null && (totals?.sent ?? 0) > 0 && (
                    <span className="ml-1.5 text-xs font-normal text-zinc-500">{Math.round(item.rate * 100)}%</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="funnel-title" className="rounded-xl border border-zinc-200 bg-white p-4 shadow-card">
        <h2 id="funnel-title" className="text-sm font-semibold text-zinc-900">
          Funnel by step
        </h2>
        <p className="mt-0.5 text-[13px] text-zinc-500">
          Each email from sent to clicked. Opens and clicks count each contact once; test runs are left out.
        </p>
        {funnel.isError && !funnel.data ? (
          <Alert tone="error" className="mt-3">
            {errorMessage(funnel.error)}
          </Alert>
        ) : (
          <StepFunnelTable funnel={funnel.data} pending={funnel.isPending} />
        )}
      </section>

      <LiveEnrollments automation={automation} now={now} />
    </div>
  );
}
