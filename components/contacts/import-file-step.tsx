import { useState, type DragEvent } from "react";
import { IMPORT_CSV_MAX_CHARS } from "@/lib/contacts/import-schemas";
import { isBlankRow, parseCsvRows } from "@/lib/contacts/import-csv";
import { cn } from "@/lib/ui/cn";
import { Alert } from "@/components/ui/alert";
import { UploadIcon } from "./contact-icons";

export interface LoadedCsv {
  fileName: string;
  text: string;
  header: string[];
  /** Data rows without blank lines. */
  rows: string[][];
}

/** Reads the picked (or dropped) file in the browser; nothing is sent until the import starts. */
export function ImportFileStep({ onLoaded }: { onLoaded: (csv: LoadedCsv) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function load(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (file.size > IMPORT_CSV_MAX_CHARS) {
      setError(
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; files up to 5 MB can be imported. Split it and import the parts.`,
      );
      return;
    }
    const text = await file.text();
    const [header = [], ...rest] = parseCsvRows(text);
    const rows = rest.filter((row) => !isBlankRow(row));
    if (!header.length || isBlankRow(header)) return setError(`${file.name} is empty.`);
    if (!rows.length) return setError(`${file.name} has a header row but no contacts under it.`);
    onLoaded({ fileName: file.name, text, header, rows });
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    void load(event.dataTransfer.files[0]);
  }

  return (
    <div className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex cursor-pointer flex-col items-center rounded-xl border border-dashed border-zinc-300 bg-zinc-50/60 px-6 py-10 text-center transition-colors hover:bg-zinc-50",
          "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500",
          dragging && "border-brand-500 bg-brand-50/60",
        )}
      >
        <span className="mb-3 flex size-10 items-center justify-center rounded-xl border border-zinc-200 bg-white shadow-card">
          <UploadIcon className="size-5 text-zinc-500" />
        </span>
        <span className="text-sm font-medium text-zinc-900">Choose a CSV file or drag it here</span>
        <span className="mt-1 text-[13px] text-zinc-500">Up to 5 MB. The first row must name the columns.</span>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          data-autofocus
          className="sr-only"
          onChange={(event) => void load(event.target.files?.[0])}
        />
      </label>
      <p className="text-[13px] text-zinc-500">
        Contacts that already exist are updated: their properties are merged, nothing is removed. Rows without a valid email address are
        skipped and listed at the end.
      </p>
    </div>
  );
}
