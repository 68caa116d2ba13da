"use client";

import type { Automation } from "@/lib/hooks/use-automations";
import { Button } from "@/components/ui/button";
import { PauseIcon } from "./automation-icons";
import { AutomationStatusBadge } from "./automation-status-badge";
import type { JourneyStep } from "./journey-format";
import { JourneyTestRun } from "./journey-test-run";

interface JourneyActionsProps {
  automation: Automation;
  /** The saved steps, the ones a test run goes through. */
  steps: JourneyStep[];
  /** Running: nothing to save, and the toggle pauses. */
  locked: boolean;
  dirty: boolean;
  saving: boolean;
  toggling: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onToggle: () => void;
}

/**
 * The journey's status and what can be done with it: save or discard edits while paused, a test
 * run of the saved journey when nothing is unsaved, and activate (once saved) or pause.
 */
export function JourneyActions({ automation, steps, locked, dirty, saving, toggling, onSave, onDiscard, onToggle }: JourneyActionsProps) {
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      <AutomationStatusBadge status={automation.status} firstActivatedAt={automation.firstActivatedAt} />
      {!locked && (
        <>
          {dirty && (
            <Button variant="ghost" onClick={onDiscard} disabled={saving}>
              Discard
            </Button>
          )}
          <Button onClick={onSave} loading={saving} disabled={!dirty}>
            {dirty ? "Save changes" : "Saved"}
          </Button>
        </>
      )}
      {!dirty && <JourneyTestRun automationId={automation.id} steps={steps} />}
      <Button
        variant="secondary"
        loading={toggling}
        onClick={onToggle}
        disabled={!locked && dirty}
        title={!locked && dirty ? "Save or discard your changes first" : undefined}
      >
        {locked ? (
          <>
            <PauseIcon /> Pause
          </>
        ) : (
          "Activate"
        )}
      </Button>
    </div>
  );
}
