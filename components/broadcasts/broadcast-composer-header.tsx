import type { Broadcast } from "@/lib/hooks/use-broadcasts";
import { Button } from "@/components/ui/button";

/** The draft's name (or "New broadcast"), whether it is saved, and the button that creates or saves it. */
export function BroadcastComposerHeader({
  broadcast,
  isDirty,
  isSubmitting,
}: {
  broadcast: Broadcast | undefined;
  isDirty: boolean;
  isSubmitting: boolean;
}) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-semibold tracking-tight text-zinc-900">{broadcast ? broadcast.name : "New broadcast"}</h1>
        <p className="mt-1.5 text-sm text-zinc-500" aria-live="polite">
          {!broadcast ? "Not saved yet" : isDirty ? "Unsaved changes" : "Draft saved"}
        </p>
      </div>
      <Button
        type="submit"
        variant={broadcast ? "secondary" : "primary"}
        loading={isSubmitting}
        disabled={!!broadcast && !isDirty && !isSubmitting}
      >
        {broadcast ? "Save draft" : "Create draft"}
      </Button>
    </div>
  );
}
