"use client";

import type { ConnectionType } from "@/lib/automations/graph/graph-types";
import { cn } from "@/lib/ui/cn";
import { branchLabel, STEP_LABELS, stepSummary, type JourneySettings, type JourneyStep } from "./journey-format";
import type { StepCounts } from "./journey-nodes";
import type { JourneyRuns } from "./journey-settings-panel";

// The journey's funnel: for every branching step, the runs down each of its paths and, with a
// goal, how many of them converted and at what rate; a split's table is its A/B report.

const PATHS: Partial<Record<JourneyStep["type"], ConnectionType[]>> = {
  condition: ["condition_met", "condition_not_met"],
  wait_for_event: ["event_received", "timeout"],
};

/** A branching step's paths in the canvas's order (a split's variants as configured, then any a run took that is gone now). */
function pathsOf(step: JourneyStep, counts: StepCounts | undefined): { path: string; label: string }[] {
  const fixed = PATHS[step.type];
  const listed = fixed
    ? fixed.map((type) => ({ path: type as string, label: branchLabel({ type }) }))
    : ((step.config.variants as { name?: unknown }[] | undefined) ?? []).map((v) => {
        const name = String(v?.name ?? "");
        return { path: `variant:${name}`, label: branchLabel({ type: "variant", variant: name }) };
      });
  const gone = Object.keys(counts?.paths ?? {})
    .filter((p) => !listed.some((l) => l.path === p))
    .map((p) => ({ path: p, label: p.startsWith("variant:") ? `${branchLabel({ type: "variant", variant: p.slice(8) })} (removed)` : p }));
  return [...listed, ...gone];
}

const percent = (rate: number) => `${(rate * 100).toLocaleString("en", { maximumFractionDigits: 1 })}%`;

function goalText(goal: JourneySettings["goal"]): string {
  return goal && "event_name" in goal ? `“${goal.event_name}” done` : "its rule met";
}

export function JourneyFunnel({
  steps,
  counts,
  runs,
  goal,
}: {
  steps: JourneyStep[];
  counts: ReadonlyMap<string, StepCounts>;
  runs: JourneyRuns;
  goal: JourneySettings["goal"];
}) {
  const branching = steps.filter((s) => s.type === "condition" || s.type === "wait_for_event" || s.type === "split");
  return (
    <section
      aria-labelledby="journey-funnel-title"
      data-testid="journey-funnel"
      className="mt-4 rounded-xl border border-zinc-200 bg-white shadow-card"
    >
      <header className="flex flex-col gap-1 border-b border-zinc-100 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id="journey-funnel-title" className="text-sm font-semibold text-zinc-900">
          Paths taken
        </h2>
        <p className="text-[13px] text-zinc-500" data-testid="journey-funnel-goal">
          {goal ? (
            <>
              Goal ({goalText(goal)}): <span className="font-medium text-zinc-900 tabular-nums">{runs.converted.toLocaleString()}</span> of{" "}
              {runs.total.toLocaleString()} runs converted, {percent(runs.conversionRate)}
            </>
          ) : (
            "Set a goal in the journey settings to see which path converts."
          )}
        </p>
      </header>
      {branching.length === 0 ? (
        <p className="px-4 py-3 text-[13px] text-zinc-500">This journey does not branch: every run takes the same path.</p>
      ) : (
        <div className="grid gap-x-6 gap-y-5 px-4 py-4 lg:grid-cols-2">
          {branching.map((step) => (
            <StepPaths key={step.key} step={step} counts={counts.get(step.key)} withGoal={goal !== null} />
          ))}
        </div>
      )}
    </section>
  );
}

function StepPaths({ step, counts, withGoal }: { step: JourneyStep; counts: StepCounts | undefined; withGoal: boolean }) {
  const rows = pathsOf(step, counts).map((p) => ({
    ...p,
    runs: counts?.paths[p.path] ?? 0,
    converted: counts?.conversions?.[p.path]?.converted ?? 0,
    rate: counts?.conversions?.[p.path]?.conversionRate ?? 0,
  }));
  const total = rows.reduce((n, r) => n + r.runs, 0);
  // The path that converts best, once more than one path has runs to compare; a tie has none.
  const compared = rows.filter((r) => r.runs > 0);
  const top = withGoal && compared.length > 1 ? compared.reduce((a, b) => (b.rate > a.rate ? b : a)) : null;
  const best = top && compared.filter((r) => r.rate === top.rate).length === 1 ? top : null;
  return (
    <div className="min-w-0" data-testid={`journey-funnel-${step.key}`}>
      <h3 className="flex items-baseline gap-2 text-[13px] font-medium text-zinc-900">
        {STEP_LABELS[step.type]}
        <code className="truncate font-mono text-[11px] font-normal text-zinc-500">{step.key}</code>
      </h3>
      <p className="truncate text-xs text-zinc-500">{stepSummary(step)}</p>
      <table className="mt-2 w-full table-fixed text-[13px]">
        <thead>
          <tr className="text-left text-[11px] tracking-wide text-zinc-500 uppercase">
            <th scope="col" className="w-[34%] py-1 pr-2 font-medium">
              Path
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Runs
            </th>
            {withGoal && (
              <>
                <th scope="col" className="w-[22%] py-1 pr-2 text-right font-medium">
                  Converted
                </th>
                <th scope="col" className="w-[16%] py-1 text-right font-medium">
                  Rate
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path} className="border-t border-zinc-100" data-testid="journey-funnel-path" data-path={row.path}>
              <th scope="row" className="py-1.5 pr-2 text-left font-medium break-words text-zinc-800">
                {row.label}
                {best === row && (
                  // Below the name on a phone, where the column is narrow; beside it from sm up.
                  <span className="mt-0.5 block w-fit rounded bg-emerald-50 px-1 py-px text-[10px] font-semibold text-emerald-700 sm:mt-0 sm:ml-1.5 sm:inline">
                    Best
                  </span>
                )}
              </th>
              <td className="py-1.5 pr-2">
                <span className="font-semibold text-zinc-900 tabular-nums" data-testid="journey-funnel-runs">
                  {row.runs.toLocaleString()}
                </span>
                <div className="mt-1 h-1.5 w-full max-w-32 overflow-hidden rounded-full bg-zinc-100" aria-hidden="true">
                  <div className="h-full rounded-full bg-violet-400" style={{ width: `${total ? (row.runs / total) * 100 : 0}%` }} />
                </div>
              </td>
              {withGoal && (
                <>
                  <td className="py-1.5 pr-2 text-right font-semibold text-zinc-900 tabular-nums" data-testid="journey-funnel-converted">
                    {row.converted.toLocaleString()}
                  </td>
                  <td
                    className={cn("py-1.5 text-right tabular-nums", best === row ? "font-semibold text-emerald-700" : "text-zinc-600")}
                    data-testid="journey-funnel-rate"
                  >
                    {row.runs ? percent(row.rate) : "–"}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
