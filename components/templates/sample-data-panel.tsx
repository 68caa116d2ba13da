import { BracesIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { FILLED_WHEN_SENT } from "./template-variables";

interface SampleDataPanelProps {
  /** Every variable path as written (contact.plan too), one input each. */
  paths: string[];
  values: Record<string, string>;
  onChange: (path: string, value: string) => void;
  /** A problem with the values (too long), from the form's validation. */
  error?: string;
}

/** The variables the template uses, with a sample value for each to preview and test with. */
export function SampleDataPanel({ paths, values, onChange, error }: SampleDataPanelProps) {
  return (
    <section aria-labelledby="sample-data-title" className="rounded-xl border border-zinc-200 bg-white shadow-card">
      <div className="border-b border-zinc-100 px-5 py-3.5">
        <h2 id="sample-data-title" className="text-[13px] font-semibold text-zinc-900">
          Sample data
        </h2>
        <p className="mt-0.5 text-xs text-zinc-500">Fills the preview and your test emails. Saved with the template.</p>
        {error && (
          <p role="alert" className="mt-1 text-xs text-red-600 first-letter:uppercase">
            {error}
          </p>
        )}
      </div>
      {paths.length === 0 ? (
        <div className="flex items-start gap-3 px-5 py-4 text-[13px] text-zinc-500">
          <BracesIcon className="mt-0.5 text-zinc-400" />
          <p>
            No variables yet. Write <code className="rounded bg-zinc-100 px-1 font-mono text-xs text-zinc-700">{"{{name}}"}</code> in the
            subject or body and it appears here: escaped as text, or raw with{" "}
            <code className="rounded bg-zinc-100 px-1 font-mono text-xs text-zinc-700">{"{{{html}}}"}</code>.
          </p>
        </div>
      ) : (
        <div className="divide-y divide-zinc-100">
          {paths.map((path) => (
            <div key={path} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-center gap-3 px-5 py-2.5">
              <label htmlFor={`sample-${path}`} className="truncate font-mono text-xs text-zinc-700" title={path}>
                <span className="text-zinc-500">{"{{"}</span>
                {path}
                <span className="text-zinc-500">{"}}"}</span>
              </label>
              <Input
                id={`sample-${path}`}
                value={values[path] ?? ""}
                onChange={(event) => onChange(path, event.target.value)}
                placeholder={FILLED_WHEN_SENT.has(path) ? "Filled in for each contact" : "Sample value"}
                autoComplete="off"
                className="h-8 text-[13px]"
              />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
