"use client";

import type { StepFunnel } from "@/lib/hooks/use-automations";
import { cn } from "@/lib/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { delayLabel } from "./automation-format";

type Row = Pick<StepFunnel["steps"][number], "sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained" | "rates">;

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const ratio = (n: number, d: number) => (d ? n / d : 0);

/** Every step together, deleted ones included; rates as the funnel's (and analytics') own. */
export function funnelTotals(funnel: StepFunnel) {
  const rows = funnel.removedSteps ? [...funnel.steps, funnel.removedSteps] : funnel.steps;
  const sum = (key: "sent" | "delivered" | "opened" | "clicked") => rows.reduce((n, row) => n + row[key], 0);
  const [sent, delivered, opened, clicked] = [sum("sent"), sum("delivered"), sum("opened"), sum("clicked")];
  return {
    sent,
    delivered,
    opened,
    clicked,
    rates: { delivered: ratio(delivered, sent), opened: ratio(opened, delivered), clicked: ratio(clicked, delivered) },
  };
}

// The stages in funnel order; each bar is drawn against the step's sent count.
const STAGES = [
  { key: "sent", label: "Sent", of: null, bar: "bg-zinc-400" },
  { key: "delivered", label: "Delivered", of: "of sent", bar: "bg-sky-500" },
  { key: "opened", label: "Opened", of: "of delivered", bar: "bg-brand-500" },
  { key: "clicked", label: "Clicked", of: "of delivered", bar: "bg-emerald-500" },
] as const;

function StageCell({ row, stage, testId }: { row: Row; stage: (typeof STAGES)[number]; testId: string }) {
  const value = row[stage.key];
  const rate = stage.key === "sent" ? null : row.rates[stage.key];
  return (
    <td className="px-3 py-2.5 align-top">
      <div className="flex items-baseline gap-1.5">
        <span className="font-semibold tabular-nums text-zinc-900" data-testid={testId}>
          {value}
        </span>
        {rate !== null && row.sent > 0 && <span className="text-xs tabular-nums text-zinc-500">{percent(rate)}</span>}
      </div>
      <div className="mt-1.5 h-1.5 w-full max-w-28 overflow-hidden rounded-full bg-zinc-100" aria-hidden="true">
        <div className={cn("h-full rounded-full", stage.bar)} style={{ width: `${row.sent ? (value / row.sent) * 100 : 0}%` }} />
      </div>
    </td>
  );
}

function BouncedCell({ row, testId }: { row: Row; testId: string }) {
  return (
    <td className="px-3 py-2.5 text-right align-top">
      <span className={cn("font-semibold tabular-nums", row.bounced ? "text-red-700" : "text-zinc-900")} data-testid={testId}>
        {row.bounced}
      </span>
      {row.complained > 0 && <span className="block text-xs text-zinc-500">{row.complained} marked spam</span>}
    </td>
  );
}

/** Per step: sent → delivered → opened → clicked, unique recipients, test runs left out. */
export function StepFunnelTable({ funnel, pending }: { funnel: StepFunnel | undefined; pending: boolean }) {
  if (pending || !funnel) return <Skeleton className="mt-3 h-28 w-full" />;
  const sentAny = funnel.steps.some((s) => s.sent > 0) || (funnel.removedSteps?.sent ?? 0) > 0;
  if (!sentAny)
    return (
      <div className="mt-3 rounded-lg border border-dashed border-zinc-300 bg-zinc-50/50 px-4 py-6 text-center" data-testid="funnel-empty">
        <p className="text-sm font-medium text-zinc-900">Nothing sent yet</p>
        <p className="mt-1 text-[13px] text-zinc-500">
          Each email’s sent, delivered, opened and clicked counts show here once contacts reach it.
        </p>
      </div>
    );
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[640px] border-collapse text-left text-[13px]" data-testid="step-funnel">
        <caption className="sr-only">Funnel by step</caption>
        <thead className="border-b border-zinc-200">
          <tr>
            <th scope="col" className="py-2 pr-3 align-bottom text-xs font-medium text-zinc-500">
              Email
            </th>
            {STAGES.map((stage) => (
              <th key={stage.key} scope="col" className="w-[15%] px-3 py-2 align-bottom text-xs font-medium text-zinc-500">
                {stage.label}
                {stage.of && <span className="block font-normal text-zinc-500">% {stage.of}</span>}
              </th>
            ))}
            <th scope="col" className="w-[9%] px-3 py-2 text-right align-bottom text-xs font-medium text-zinc-500">
              Bounced
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {funnel.steps.map((step, index) => (
            <tr key={step.stepId} data-testid={`funnel-step-${index + 1}`}>
              <th scope="row" className="max-w-0 py-2.5 pr-3 text-left align-top font-normal">
                <span className="block font-medium text-zinc-900">Email {index + 1}</span>
                <span className="block truncate text-zinc-600" title={step.subject ?? undefined}>
                  {step.subject ?? "Template email"}
                </span>
                <span className="block text-xs text-zinc-500">{delayLabel(step.delayMinutes)}</span>
              </th>
              {STAGES.map((stage) => (
                <StageCell key={stage.key} row={step} stage={stage} testId={`funnel-${index + 1}-${stage.key}`} />
              ))}
              <BouncedCell row={step} testId={`funnel-${index + 1}-bounced`} />
            </tr>
          ))}
          {funnel.removedSteps && (
            <tr data-testid="funnel-removed">
              <th scope="row" className="py-2.5 pr-3 text-left align-top font-normal">
                <span className="block font-medium text-zinc-500">Removed steps</span>
                <span className="block text-xs text-zinc-500">Emails of steps deleted since</span>
              </th>
              {STAGES.map((stage) => (
                <StageCell key={stage.key} row={funnel.removedSteps!} stage={stage} testId={`funnel-removed-${stage.key}`} />
              ))}
              <BouncedCell row={funnel.removedSteps} testId="funnel-removed-bounced" />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
