import { CodeBlock } from "@/components/ui/code-block";
import type { ReferenceOperation } from "@/lib/openapi/reference-sections";
import { MethodBadge } from "./method-badge";
import { SchemaShapes } from "./schema-rows";

function Heading({ children }: { children: string }) {
  return <h3 className="mt-5 mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{children}</h3>;
}

// One operation of the API reference: method and path, what it does, who may call it, its
// parameters, its body (with the example), and its responses with the success body's fields.
export function ApiOperation({ operation }: { operation: ReferenceOperation }) {
  const success = operation.responses.filter((r) => r.status.startsWith("2"));
  const errors = operation.responses.filter((r) => !r.status.startsWith("2"));
  return (
    <article id={operation.id} className="scroll-mt-20 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6">
      <h2 className="text-base font-semibold text-zinc-900">{operation.summary}</h2>
      <p className="mt-2 flex min-w-0 items-center gap-2">
        <MethodBadge method={operation.method} />
        <code className="min-w-0 font-mono text-sm break-all text-zinc-800">/api/v1{operation.path}</code>
      </p>
      {operation.description && <p className="mt-3 text-sm text-zinc-600">{operation.description}</p>}
      <p className="mt-2 text-xs text-zinc-500">
        {operation.public
          ? "No API key needed."
          : `API key scope: ${operation.scopes.length ? operation.scopes.join(" or ") : "full_access"}.`}
      </p>

      {operation.parameters.length > 0 && (
        <>
          <Heading>Parameters</Heading>
          <ul className="divide-y divide-zinc-100 text-sm">
            {operation.parameters.map((p) => (
              <li key={`${p.in}:${p.name}`} className="py-2">
                <code className="font-mono text-[13px] font-semibold text-zinc-900">{p.name}</code>{" "}
                <span className="font-mono text-xs text-zinc-500">
                  {p.in} · {p.type}
                </span>
                {p.required && <span className="ml-2 text-xs font-medium text-red-700">required</span>}
                {p.description && <p className="mt-1 text-zinc-600">{p.description}</p>}
                {p.values && <p className="mt-1 font-mono text-xs break-words text-zinc-500">one of {p.values.join(", ")}</p>}
              </li>
            ))}
          </ul>
        </>
      )}

      {operation.bodyShapes.length > 0 && (
        <>
          <Heading>Request body</Heading>
          <SchemaShapes shapes={operation.bodyShapes} />
        </>
      )}
      {operation.example && <CodeBlock className="mt-3" language="Example body" code={operation.example} />}

      <Heading>Responses</Heading>
      {success.map((r) => (
        <details key={r.status} className="group text-sm">
          <summary className="cursor-pointer py-1 text-zinc-800">
            <span className="font-mono font-semibold text-emerald-700">{r.status}</span> {r.description}
          </summary>
          {r.shapes.length > 0 && (
            <div className="mt-1 border-l-2 border-zinc-100 pl-3 sm:pl-4">
              <SchemaShapes shapes={r.shapes} />
            </div>
          )}
        </details>
      ))}
      <ul className="mt-1 space-y-1 text-sm text-zinc-600">
        {errors.map((r) => (
          <li key={r.status} className="break-words">
            <span className="font-mono font-semibold text-zinc-800">{r.status}</span> {r.description.replaceAll("`", "")}
          </li>
        ))}
      </ul>
    </article>
  );
}
