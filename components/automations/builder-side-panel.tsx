"use client";

import type { Automation } from "@/lib/hooks/use-automations";
import type { UpdateAutomationBody, UpdateStepBody } from "@/lib/automations/schemas";
import { PointerIcon } from "@/components/ui/icons";
import type { Selection } from "./builder-context";
import { StepEditor, type StepErrors } from "./step-editor";
import { TriggerEditor } from "./trigger-editor";
import type { SaveFn } from "./use-automation-save";

interface BuilderSidePanelProps {
  automation: Automation;
  selection: Selection;
  /** Bumped by undo and redo: the open form starts again from the restored automation. */
  revision: number;
  locked: boolean;
  saveMeta: (body: UpdateAutomationBody) => Promise<Automation>;
  saveStep: (stepId: string) => (body: UpdateStepBody) => Promise<Automation>;
  registerSave: (fn: SaveFn) => void;
  onTriggerError: (message: string | undefined) => void;
  onStepErrors: (errors: StepErrors) => void;
}

/** The editor of the node selected on the canvas, or how to select one. */
export function BuilderSidePanel({ automation, selection, revision, locked, ...props }: BuilderSidePanelProps) {
  const steps = automation.steps;
  if (selection?.kind === "trigger")
    return (
      <>
        <PanelTitle title="Trigger" description="What enrolls a contact. Only events after activation count." />
        <TriggerEditor
          key={`trigger-${revision}`}
          automation={automation}
          locked={locked}
          save={props.saveMeta}
          registerSave={props.registerSave}
          onErrorChange={props.onTriggerError}
        />
      </>
    );
  const index = selection ? steps.findIndex((s) => s.id === selection.stepId) : -1;
  const step = index >= 0 ? steps[index] : undefined;
  if (step && selection) {
    const listName = automation.triggerType === "list_join" ? (automation.triggerConfig as { listName?: string }).listName : undefined;
    return (
      <>
        <PanelTitle title={`Email ${index + 1} of ${steps.length}`} description="Its delay, then its content. Previews use sample data." />
        <StepEditor
          // Not keyed on the content: autosave changes it while the user types. Undo and redo bump revision.
          key={`${step.id}-${revision}`}
          step={step}
          index={index}
          focus={selection.kind}
          locked={locked}
          listName={listName}
          save={props.saveStep(step.id)}
          registerSave={props.registerSave}
          onErrorsChange={props.onStepErrors}
        />
      </>
    );
  }
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center">
      <PointerIcon className="size-5 text-zinc-400" />
      <p className="mt-3 text-sm font-medium text-zinc-900">Select a node to edit it</p>
      <p className="mt-1 text-[13px] text-zinc-500">Click the trigger, a delay or an email on the canvas. Use + to insert a step.</p>
    </div>
  );
}

function PanelTitle({ title, description }: { title: string; description: string }) {
  return (
    <div className="mb-4">
      <h2 className="text-sm font-semibold text-zinc-900">{title}</h2>
      <p className="mt-0.5 text-[13px] text-zinc-500">{description}</p>
    </div>
  );
}
