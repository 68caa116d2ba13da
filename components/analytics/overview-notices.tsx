import Link from "next/link";
import { useNow } from "@/lib/hooks/use-now";
import { formatRelative } from "@/lib/ui/format-date";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export function ChartEmpty({ hasEmail, filtered }: { hasEmail: boolean; filtered: boolean }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center bg-white/70 px-6 text-center backdrop-blur-[1px]">
      <p className="text-sm font-semibold text-zinc-900">{hasEmail ? "No emails in this period" : "Nothing sent yet"}</p>
      <p className="mt-1 max-w-sm text-sm text-zinc-500">
        {hasEmail ? (
          filtered ? (
            "Try a longer range, or show all automations and domains."
          ) : (
            "Try a longer range."
          )
        ) : (
          <>
            Once you{" "}
            <Link href="/dashboard" className="font-medium text-brand-600 hover:underline">
              send your first email
            </Link>
            , its delivery, opens and clicks are charted here.
          </>
        )}
      </p>
    </div>
  );
}

/** A refetch failed while older numbers are on screen: say so, and say how old they are. */
export function StaleBanner({ updatedAt, error, onRetry }: { updatedAt: number; error: unknown; onRetry: () => void }) {
  const now = useNow();
  return (
    <div className="mb-6" data-testid="overview-stale">
      <Alert tone="error" title="Could not refresh your numbers">
        <p>
          {errorMessage(error)} The numbers below are out of date: they were loaded{" "}
          {updatedAt ? formatRelative(new Date(updatedAt).toISOString(), now) : "earlier"}.
        </p>
        <Button variant="secondary" size="sm" onClick={onRetry} className="mt-3">
          Try again
        </Button>
      </Alert>
    </div>
  );
}
