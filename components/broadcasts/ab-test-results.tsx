"use client";

import type { Broadcast } from "@/lib/hooks/use-broadcasts";
import { formatDateTime } from "@/lib/ui/format-date";
import { VariantBadge, waitLabel } from "./ab-test-fields";

const rate = (n: number, of: number) => (of ? `${Math.round((n / of) * 1000) / 10}%` : "–");

/** A broadcast's subject test: each variant's test-group numbers, and the winner once picked. */
export function AbTestResults({ broadcast }: { broadcast: Broadcast }) {
  const test = broadcast.abTest;
  const result = broadcast.abTestResult;
  if (!test) return null;
  const metric = test.metric === "opens" ? "opened" : "clicked";
  const state = result?.winner
    ? `Subject ${result.winner} won on ${test.metric} and went to the rest of the list.`
    : broadcast.status === "cancelled"
      ? "Cancelled before a winner was picked: only the test group got an email."
      : result?.endsAt
        ? `Testing: the winner by ${test.metric} is picked and sent to the rest at ${formatDateTime(result.endsAt)}.`
        : `${test.sharePercent}% of the list get one of ${test.subjects.length + 1} subjects; ${waitLabel(test.waitMinutes)} later the winner by ${test.metric} goes to the rest.`;
  return (
    <section aria-labelledby="ab-title" className="mb-8 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-card">
      <div className="border-b border-zinc-200 px-4 py-3">
        <h2 id="ab-title" className="text-sm font-semibold text-zinc-900">
          Subject A/B test
        </h2>
        <p className="mt-0.5 text-[13px] text-zinc-600" data-testid="ab-test-state">
          {state}
        </p>
      </div>
      {result && (
        // On a phone each variant is a block of its own, so the metric is never scrolled out of view.
        <ul className="divide-y divide-zinc-100 sm:hidden">
          {result.variants.map((v) => {
            const winner = result.winner === v.variant;
            return (
              <li key={v.variant} data-testid={`ab-variant-${v.variant}-phone`} className={`px-4 py-3 ${winner ? "bg-emerald-50/60" : ""}`}>
                <div className="flex min-w-0 items-start gap-2.5">
                  <VariantBadge name={v.variant} winner={winner} />
                  <span className="min-w-0 flex-1 pt-1 font-mono text-[13px] break-words text-zinc-900">{v.subject}</span>
                  {winner && (
                    <span className="mt-0.5 shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                      Winner
                    </span>
                  )}
                </div>
                <dl className="mt-2 grid grid-cols-4 gap-2 pl-9.5 text-xs">
                  {(
                    [
                      ["Recipients", v.recipients, null],
                      ["Delivered", v.delivered, null],
                      ["Opened", v.opened, rate(v.opened, v.delivered)],
                      ["Clicked", v.clicked, rate(v.clicked, v.delivered)],
                    ] as const
                  ).map(([label, n, pct]) => (
                    <div key={label} className="min-w-0">
                      <dt className="text-zinc-500">{label}</dt>
                      <dd className={`tabular-nums ${label.toLowerCase() === metric ? "font-semibold text-zinc-900" : "text-zinc-900"}`}>
                        {n.toLocaleString()}
                        {pct && <span className="ml-1 font-normal text-zinc-500">{pct}</span>}
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      {result && (
        <div className="hidden overflow-x-auto sm:block">
          <table className="w-full min-w-[560px] text-left text-[13px]">
            <thead className="bg-zinc-50 text-xs font-medium text-zinc-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Subject
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Recipients
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Delivered
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Opened
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Clicked
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {result.variants.map((v) => {
                const winner = result.winner === v.variant;
                return (
                  <tr key={v.variant} data-testid={`ab-variant-${v.variant}`} className={winner ? "bg-emerald-50/60" : undefined}>
                    <td className="px-4 py-2.5">
                      <div className="flex min-w-0 items-center gap-2.5">
                        <VariantBadge name={v.variant} winner={winner} />
                        <span className="min-w-0 font-mono break-words text-zinc-900">{v.subject}</span>
                        {winner && (
                          <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                            Winner
                          </span>
                        )}
                      </div>
                    </td>
                    <td className="px-3 py-2.5 text-right text-zinc-900 tabular-nums">{v.recipients.toLocaleString()}</td>
                    <td className="px-3 py-2.5 text-right text-zinc-900 tabular-nums">{v.delivered.toLocaleString()}</td>
                    {(["opened", "clicked"] as const).map((k) => (
                      <td key={k} className={`py-2.5 text-right tabular-nums ${k === "clicked" ? "px-4" : "px-3"}`}>
                        <span className={k === metric ? "font-semibold text-zinc-900" : "text-zinc-900"}>{v[k].toLocaleString()}</span>
                        <span className="ml-1.5 text-xs text-zinc-500">{rate(v[k], v.delivered)}</span>
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
