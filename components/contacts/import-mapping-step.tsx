import { propertyNameSchema } from "@/lib/contacts/schemas";
import { cn } from "@/lib/ui/cn";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { LoadedCsv } from "./import-file-step";

const PREVIEW_ROWS = 5;

export interface ColumnMapping {
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  /** false: contacts already in the account keep their name and properties. */
  updateExisting: boolean;
  /** Per column: whether it becomes a property, and under which name. */
  properties: Record<string, { include: boolean; key: string }>;
  listId: string;
}

export function propertyKeyError(key: string): string | undefined {
  const result = propertyNameSchema.safeParse(key);
  return result.success ? undefined : result.error.issues[0]?.message;
}

interface ImportMappingStepProps {
  csv: LoadedCsv;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  lists: { id: string; name: string }[];
}

const cell = "max-w-44 truncate px-3 py-2 text-left";

export function ImportMappingStep({ csv, mapping, onChange, lists }: ImportMappingStepProps) {
  const propertyColumns = csv.header.filter((h) => h && h !== mapping.email && h !== mapping.name);
  return (
    <div className="space-y-6">
      <section aria-labelledby="import-preview-title">
        <div className="mb-2 flex items-baseline justify-between gap-2">
          <h3 id="import-preview-title" className="text-[13px] font-medium text-zinc-800">
            Preview
          </h3>
          <p className="text-[13px] text-zinc-500">
            {csv.fileName} · {csv.rows.length.toLocaleString()} {csv.rows.length === 1 ? "row" : "rows"}
          </p>
        </div>
        <div className="overflow-x-auto rounded-lg border border-zinc-200">
          <table className="w-full text-[13px]" aria-label="First rows of the file">
            <thead className="border-b border-zinc-200 bg-zinc-50/70 text-xs text-zinc-500">
              <tr>
                {csv.header.map((h, i) => (
                  <th key={i} scope="col" className={cn(cell, "font-medium", h === mapping.email && "text-brand-700")}>
                    {h || <span className="text-zinc-500">(no name)</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 text-zinc-700">
              {csv.rows.slice(0, PREVIEW_ROWS).map((row, r) => (
                <tr key={r}>
                  {csv.header.map((_, i) => (
                    <td key={i} className={cell} title={row[i]}>
                      {row[i] || <span className="text-zinc-300">—</span>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="import-email-column" label="Email column">
          <Select value={mapping.email} onChange={(e) => onChange({ ...mapping, email: e.target.value })}>
            {csv.header.map(
              (h, i) =>
                h && (
                  <option key={i} value={h}>
                    {h}
                  </option>
                ),
            )}
          </Select>
        </Field>
        <Field id="import-name-column" label="Name column">
          <Select value={mapping.name} onChange={(e) => onChange({ ...mapping, name: e.target.value })}>
            <option value="">No name column</option>
            {csv.header.map(
              (h, i) =>
                h &&
                h !== mapping.email && (
                  <option key={i} value={h}>
                    {h}
                  </option>
                ),
            )}
          </Select>
        </Field>
        <Field id="import-first-name-column" label="First name column">
          <Select value={mapping.firstName} onChange={(e) => onChange({ ...mapping, firstName: e.target.value })}>
            <option value="">None</option>
            {csv.header.map(
              (h, i) =>
                h &&
                h !== mapping.email && (
                  <option key={i} value={h}>
                    {h}
                  </option>
                ),
            )}
          </Select>
        </Field>
        <Field id="import-last-name-column" label="Last name column">
          <Select value={mapping.lastName} onChange={(e) => onChange({ ...mapping, lastName: e.target.value })}>
            <option value="">None</option>
            {csv.header.map(
              (h, i) =>
                h &&
                h !== mapping.email && (
                  <option key={i} value={h}>
                    {h}
                  </option>
                ),
            )}
          </Select>
        </Field>
        <Field id="import-list" label="Add to list">
          <Select value={mapping.listId} onChange={(e) => onChange({ ...mapping, listId: e.target.value })}>
            <option value="">No list</option>
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <p className="-mt-3 text-[13px] text-zinc-500">Without a name column, the contact&apos;s name is the first and last name joined.</p>

      <label className="flex cursor-pointer items-start gap-2.5 text-sm text-zinc-800">
        <input
          type="checkbox"
          checked={mapping.updateExisting}
          onChange={(e) => onChange({ ...mapping, updateExisting: e.target.checked })}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
        />
        <span>
          Update contacts that already exist
          <span className="block text-[13px] text-zinc-500">
            Unchecked, existing contacts keep their name and properties; they are only added to the list.
          </span>
        </span>
      </label>

      {propertyColumns.length > 0 && (
        <fieldset>
          <legend className="text-[13px] font-medium text-zinc-800">Properties</legend>
          <p className="mt-0.5 mb-2 text-[13px] text-zinc-500">
            Checked columns are saved on each contact as text properties, under the name on the right.
          </p>
          <div className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
            {propertyColumns.map((column) => {
              const entry = mapping.properties[column] ?? { include: false, key: column };
              const error = entry.include ? propertyKeyError(entry.key) : undefined;
              const set = (next: Partial<typeof entry>) =>
                onChange({ ...mapping, properties: { ...mapping.properties, [column]: { ...entry, ...next } } });
              return (
                <div key={column} className="flex items-start gap-3 px-3 py-2">
                  <label className="flex h-8 min-w-0 flex-1 cursor-pointer items-center gap-2.5 text-sm text-zinc-800">
                    <input
                      type="checkbox"
                      checked={entry.include}
                      onChange={(e) => set({ include: e.target.checked })}
                      className="size-4 shrink-0 accent-brand-600"
                    />
                    <span className="truncate">{column}</span>
                  </label>
                  <div className="w-52 shrink-0">
                    <Input
                      aria-label={`Property name for ${column}`}
                      value={entry.key}
                      disabled={!entry.include}
                      aria-invalid={error ? true : undefined}
                      onChange={(e) => set({ key: e.target.value })}
                      className="h-8 font-mono text-[13px]"
                    />
                    {error && <p className="mt-1 text-xs text-red-600 first-letter:uppercase">{error}</p>}
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}
