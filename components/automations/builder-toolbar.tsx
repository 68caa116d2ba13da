"use client";

import Link from "next/link";
import type { Automation } from "@/lib/hooks/use-automations";
import type { History } from "@/lib/ui/undo-history";
import { Button, buttonClasses } from "@/components/ui/button";
import { CoinsIcon } from "@/components/ui/icons";
import { PauseIcon, PlayIcon, RedoIcon, UndoIcon, WorkflowIcon } from "./automation-icons";
import { AutomationStatusBadge } from "./automation-status-badge";
import { creditsPerContact } from "./automation-format";
import { SaveIndicator, type SaveState } from "./save-indicator";
import { TestRunPanel } from "./test-run-panel";

interface BuilderToolbarProps {
  automation: Automation;
  locked: boolean;
  busy: boolean;
  saveState: SaveState;
  /** The open form has errors: the indicator says so instead of "Saved". */
  invalid: boolean;
  history: History<Automation>;
  /** Before a test run: saves what is typed; false when a form has errors. */
  prepare: () => Promise<boolean>;
  onTravel: (direction: "undo" | "redo") => void;
  onPause: () => void;
  onActivate: () => void;
  note: string | null;
}

/** The builder's actions beside its title: status, save state, test run, undo/redo, activate or pause. */
export function BuilderToolbar(props: BuilderToolbarProps) {
  const { automation, locked, busy, history, onTravel } = props;
  const steps = automation.steps.length;
  const credits = creditsPerContact(steps);
  return (
    // Below lg the actions sit under the title, from the left, wrapping on a phone.
    <div className="flex shrink-0 flex-col items-start gap-1.5 lg:items-end">
      <div className="flex flex-wrap items-center gap-2">
        <AutomationStatusBadge status={automation.status} firstActivatedAt={automation.firstActivatedAt} />
        {!locked && <SaveIndicator state={props.saveState} invalid={props.invalid} />}
        <TestRunPanel automation={automation} prepare={props.prepare} />
        <Link
          href={`/automations/${encodeURIComponent(automation.id)}?view=canvas`}
          className={buttonClasses({ variant: "ghost", size: "sm" })}
          title="Open it on the journey canvas to add conditions, waits for events and splits"
          onClick={async (event) => {
            // Pending edits are saved first: the canvas reads the saved automation.
            if (props.prepare && !(await props.prepare())) event.preventDefault();
          }}
        >
          <WorkflowIcon />
          Add branches
        </Link>
        <div className="flex items-center" role="group" aria-label="History">
          <Button
            variant="ghost"
            size="sm"
            disabled={locked || busy || history.past.length === 0}
            onClick={() => onTravel("undo")}
            title={locked ? "Pause the automation to undo changes" : "Undo the last change (Ctrl+Z / ⌘Z)"}
            aria-keyshortcuts="Control+Z Meta+Z"
          >
            <UndoIcon />
            Undo
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={locked || busy || history.future.length === 0}
            onClick={() => onTravel("redo")}
            title={locked ? "Pause the automation to redo changes" : "Redo the change undone last (Shift+Ctrl+Z / Shift+⌘Z)"}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
          >
            <RedoIcon />
            Redo
          </Button>
        </div>
        {locked ? (
          <Button size="sm" variant="secondary" loading={busy} onClick={props.onPause}>
            <PauseIcon />
            Pause
          </Button>
        ) : (
          <Button size="sm" loading={busy} onClick={props.onActivate}>
            <PlayIcon />
            Activate
          </Button>
        )}
      </div>
      {props.note && (
        <p role="status" className="text-xs font-medium text-emerald-700">
          {props.note}
        </p>
      )}
      <p className="inline-flex items-center gap-1 text-xs text-zinc-500" data-testid="credit-estimate">
        <CoinsIcon className="size-3.5" />
        {credits} {credits === 1 ? "credit" : "credits"} per enrolled contact ({steps} {steps === 1 ? "email" : "emails"}, one recipient
        each)
      </p>
    </div>
  );
}
