import { Badge } from "@/components/ui/badge";

/** The names the API stores as the template's `variables`, found as you type. */
export function DetectedVariables({ names }: { names: string[] }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-500" aria-live="polite">
      <span className="mr-0.5">Variables</span>
      {names.length ? (
        names.map((name) => (
          <Badge key={name} tone="brand" className="font-mono">
            {name}
          </Badge>
        ))
      ) : (
        <span className="text-zinc-500">none yet</span>
      )}
    </div>
  );
}
