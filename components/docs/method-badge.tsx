import { cn } from "@/lib/ui/cn";

const METHOD_TONES: Record<string, string> = {
  GET: "bg-sky-50 text-sky-700 ring-sky-200",
  POST: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  PUT: "bg-amber-50 text-amber-800 ring-amber-200",
  PATCH: "bg-amber-50 text-amber-800 ring-amber-200",
  DELETE: "bg-red-50 text-red-700 ring-red-200",
};

/** An HTTP method as a small tinted label: GET blue, POST green, PUT and PATCH amber, DELETE red. */
export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span className={cn("rounded-md px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset", METHOD_TONES[method], className)}>
      {method}
    </span>
  );
}
