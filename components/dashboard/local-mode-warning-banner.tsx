import { AlertTriangleIcon } from "@/components/ui/icons";

/** A deploy marked production that still delivers nothing: said loudly, above every page. */
export function LocalModeWarningBanner({ warning }: { warning: string }) {
  return (
    <div role="alert" data-testid="local-mode-warning" className="border-b border-red-300 bg-red-600 px-4 py-3 text-sm text-white sm:px-8">
      <div className="mx-auto flex max-w-5xl items-start gap-3">
        <AlertTriangleIcon className="mt-0.5 shrink-0" />
        <p className="min-w-0 font-medium">{warning}</p>
      </div>
    </div>
  );
}
