import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PauseIcon } from "./automation-icons";
import type { BuilderProblem } from "./use-builder-run";

/** While the automation is active its editing is locked; this says why and offers to pause. */
export function LiveLockBanner({ busy, onPause }: { busy: boolean; onPause: () => void }) {
  return (
    <div
      className="mb-4 flex items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-[13px] text-emerald-900"
      role="status"
    >
      <p>
        <span className="font-medium">This automation is live.</span> Editing is locked so contacts already on their way get the emails you
        promised. Pause it to make changes; contacts already enrolled keep going.
      </p>
      <Button size="sm" variant="secondary" loading={busy} onClick={onPause}>
        <PauseIcon />
        Pause to edit
      </Button>
    </div>
  );
}

/** The last change that failed, with the way to fix a missing sender. */
export function BuilderProblemAlert({ problem }: { problem: BuilderProblem }) {
  return (
    <Alert tone="error" title={problem.title} className="mb-4">
      <ul className="list-disc space-y-0.5 pl-4">
        {problem.messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      {problem.sender && (
        <p className="mt-1">
          Set a default sender on a verified domain in{" "}
          <Link href="/settings" className="font-medium underline">
            Settings
          </Link>
          .
        </p>
      )}
    </Alert>
  );
}
