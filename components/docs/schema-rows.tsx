import type { PropertyRow } from "@/lib/openapi/describe-schema";

// An object schema's properties as a nested list: name, type, required mark, allowed values and
// description, each nested object indented under its property.
export function SchemaRows({ rows }: { rows: PropertyRow[] }) {
  return (
    <ul className="divide-y divide-zinc-100 text-sm">
      {rows.map((row) => (
        <li key={row.name} className="py-2">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <code className="font-mono text-[13px] font-semibold break-all text-zinc-900">{row.name}</code>
            <span className="font-mono text-xs break-all text-zinc-500">{row.type}</span>
            {row.required && <span className="text-xs font-medium text-red-700">required</span>}
          </div>
          {row.description && <p className="mt-1 text-zinc-600">{row.description}</p>}
          {row.values && <p className="mt-1 font-mono text-xs break-words text-zinc-500">one of {row.values.join(", ")}</p>}
          {row.children.length > 0 && (
            <div className="mt-2 border-l-2 border-zinc-100 pl-3 sm:pl-4">
              <SchemaRows rows={row.children} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One shape, or "One of" with each alternative numbered. */
export function SchemaShapes({ shapes }: { shapes: PropertyRow[][] }) {
  if (shapes.length === 1) return <SchemaRows rows={shapes[0]} />;
  return (
    <div className="space-y-3">
      {shapes.map((rows, i) => (
        <div key={i}>
          <p className="text-xs font-medium text-zinc-500">{i === 0 ? "One of:" : "Or:"}</p>
          <SchemaRows rows={rows} />
        </div>
      ))}
    </div>
  );
}
