import type { ContactImport } from "@/lib/hooks/use-contacts";
import { cn } from "@/lib/ui/cn";
import { Alert } from "@/components/ui/alert";
import { CheckIcon, SpinnerIcon } from "@/components/ui/icons";

function Count({ label, value, tone }: { label: string; value: number; tone?: "warning" }) {
  return (
    <div className="rounded-lg border border-zinc-200 px-3 py-2.5">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className={cn("mt-0.5 text-lg font-semibold tabular-nums text-zinc-900", tone === "warning" && value > 0 && "text-amber-700")}>
        {value.toLocaleString()}
      </dd>
    </div>
  );
}

/** The running import's progress bar, then its counts and the rows it skipped. */
export function ImportProgressStep({ progress }: { progress: ContactImport | undefined }) {
  const done = progress?.status === "completed";
  const failed = progress?.status === "failed";
  const total = progress?.total ?? 0;
  const processed = progress?.processed ?? 0;
  const percent = done ? 100 : total ? Math.floor((processed / total) * 100) : 0;
  const label = done
    ? "Import complete"
    : failed
      ? "Import failed"
      : !progress || (progress.status === "pending" && !total)
        ? "Waiting to start…"
        : `Importing ${processed.toLocaleString()} of ${total.toLocaleString()} rows…`;

  return (
    <div className="space-y-5">
      <div>
        <div className="mb-2 flex items-center justify-between gap-3 text-sm">
          <p className="flex items-center gap-2 font-medium text-zinc-900" aria-live="polite">
            {done ? <CheckIcon className="text-emerald-600" /> : failed ? null : <SpinnerIcon className="text-zinc-400" />}
            {label}
          </p>
          <span className="text-[13px] tabular-nums text-zinc-500">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-zinc-100"
        >
          <div
            className={cn(
              "h-full rounded-full transition-[width] duration-500",
              failed ? "bg-red-500" : done ? "bg-emerald-500" : "bg-brand-500",
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      {failed && (
        <Alert tone="error" title="The import stopped">
          {progress?.error ?? "Something went wrong."} Rows before the failure were saved.
        </Alert>
      )}

      {progress && (done || failed || processed > 0) && (
        <dl className="grid grid-cols-3 gap-3">
          <Count label="Created" value={progress.created} />
          {progress.updateExisting ? (
            <Count label="Updated" value={progress.updated} />
          ) : (
            <Count label="Left unchanged" value={progress.unchanged} />
          )}
          <Count label="Skipped" value={progress.skipped} tone="warning" />
        </dl>
      )}

      {progress && progress.errors.length > 0 && (
        <section aria-labelledby="import-errors-title">
          <h3 id="import-errors-title" className="mb-2 text-[13px] font-medium text-zinc-800">
            Skipped rows
            {progress.skipped > progress.errors.length && (
              <span className="font-normal text-zinc-500">
                {" "}
                (first {progress.errors.length} of {progress.skipped.toLocaleString()})
              </span>
            )}
          </h3>
          <div className="max-h-48 overflow-y-auto rounded-lg border border-zinc-200">
            <table className="w-full text-[13px]">
              <thead className="sticky top-0 border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
                <tr>
                  <th scope="col" className="w-16 px-3 py-2 text-left font-medium">
                    Row
                  </th>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    Problem
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 text-zinc-700">
                {progress.errors.map((e) => (
                  <tr key={e.row}>
                    <td className="px-3 py-1.5 tabular-nums text-zinc-500">{e.row}</td>
                    <td className="px-3 py-1.5 break-all">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
