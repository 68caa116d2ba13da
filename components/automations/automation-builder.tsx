"use client";

import type { Design } from "@/lib/templates/design";
import { stepStarterDesign } from "@/lib/templates/starter-design";
import { useEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useAutomationActions, type Automation } from "@/lib/hooks/use-automations";
import { useTemplates } from "@/lib/hooks/use-templates";
import { moveStep } from "@/lib/automations/move-step";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { Tabs } from "@/components/ui/tabs";
import { useUnsavedChangesGuard } from "@/components/dashboard/navigation-guard";
import { ActivateAutomationDialog } from "./activate-automation-dialog";
import { AutomationChecks } from "./automation-checks";
import { AutomationHeaderFields } from "./automation-header";
import { BuilderCanvas } from "./builder-canvas";
import { BuilderCanvasContext, type BuilderCanvasActions, type Selection } from "./builder-context";
import { BuilderProblemAlert, LiveLockBanner } from "./builder-notices";
import { BuilderSidePanel } from "./builder-side-panel";
import { BuilderToolbar } from "./builder-toolbar";
import { LiveView } from "./live-view";
import { SenderField } from "./sender-field";
import { useAutomationActivation } from "./use-automation-activation";
import { useAutomationSave } from "./use-automation-save";
import { useBuilderHistory, useUndoRedo } from "./use-builder-history";
import { useBuilderRun } from "./use-builder-run";
import { useNodeErrors } from "./use-node-errors";

// A new step's email starts in the visual editor (the API renders bodyHtml from the design).
const NEW_STEP = {
  delayMinutes: 1440,
  subject: "A new email for {{name}}",
  design: stepStarterDesign() as Design,
};

/** The automation's editor: the hooks hold saving, history and activation; this composes them. */
export function AutomationBuilder({ automation }: { automation: Automation }) {
  const actions = useAutomationActions(automation.id);
  const templates = useTemplates({ limit: 100, offset: 0 });
  const [tab, setTab] = useState<"builder" | "live">("builder");
  const [selection, setSelection] = useState<Selection>(null);
  // Bumped by undo and redo: the open form starts again from the restored automation.
  const [revision, setRevision] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const locked = automation.status === "active";
  const steps = automation.steps;

  const history = useBuilderHistory();
  // A stored change makes the last activation attempt's problems stale.
  const onStored = () => activation.setDetails([]);
  const { busy, setBusy, problem, setProblem, run } = useBuilderRun({ automation, actions, record: history.record, onStored });
  const save = useAutomationSave({ automation, actions, record: history.record, onStored });
  const activation = useAutomationActivation({ actions, saveAll: save.saveAll, setBusy, setProblem });
  const travel = useUndoRedo({
    actions,
    locked,
    history,
    saveAll: save.saveAll,
    run,
    onRestored: (restored) => {
      setRevision((r) => r + 1);
      if (selection && selection.kind !== "trigger" && !restored.steps.some((s) => s.id === selection.stepId)) setSelection(null);
    },
  });
  const errors = useNodeErrors(automation, activation.details, selection);
  useUnsavedChangesGuard(save.unsaved && !locked ? `Changes to “${automation.name}” are not saved yet.` : null);

  // Below lg the node editor sits under the canvas: opening a node scrolls to it, or a tap on
  // a phone would seem to do nothing. After the render that fills the panel: before it, the page
  // may end too soon to bring the panel's top up.
  const panelRef = useRef<HTMLElement>(null);
  const [revealRequest, setRevealRequest] = useState(0);
  const revealPanel = () => setRevealRequest((n) => n + 1);
  useEffect(() => {
    if (revealRequest && !window.matchMedia("(min-width: 1024px)").matches) panelRef.current?.scrollIntoView({ block: "start" });
  }, [revealRequest]);

  // What was typed in the open node is saved before moving on; a form with errors stays open.
  const select = async (next: Selection) => {
    if (!(await save.savePanel())) return;
    errors.clearPanel();
    setSelection(next);
    if (next) revealPanel();
  };

  async function insertAt(position: number) {
    if (!(await save.savePanel())) return;
    const updated = await run("Could not add the step", () => actions.addStep({ ...NEW_STEP, position }));
    const step = updated?.steps[position];
    if (step) {
      errors.clearPanel();
      setSelection({ kind: "email", stepId: step.id });
      revealPanel();
    }
  }

  // One PUT of the whole list: the moved step keeps its id (and its history) and its own delay.
  async function move(from: number, to: number) {
    const order = moveStep(steps, from, to);
    if (order) await run("Could not move the step", () => actions.replaceSteps({ steps: order }));
  }

  async function remove(index: number) {
    const step = steps[index];
    setConfirmDelete(null);
    if (!step) return;
    await run("Could not delete the step", () => actions.deleteStep(step.id));
    if (selection && selection.kind !== "trigger" && selection.stepId === step.id) setSelection(null);
  }

  const pause = () => void run("Could not pause", () => actions.pause(), false);
  const templateNames = useMemo(() => new Map((templates.data?.data ?? []).map((t) => [t.id, t.name])), [templates.data]);
  const canvasActions: BuilderCanvasActions = {
    locked,
    busy,
    selection,
    errors: errors.nodeErrors,
    stepCount: steps.length,
    templateNames,
    select: (next) => void select(next),
    insertAt: (position) => void insertAt(position),
    move: (from, to) => void move(from, to),
    remove: (index) => setConfirmDelete(index),
  };

  return (
    // data-wide: the dashboard layout gives the builder the page's full width for its canvas.
    <div data-wide>
      <Link href="/automations" className="mb-3 inline-flex items-center gap-1 text-[13px] text-zinc-500 hover:text-zinc-900">
        <ChevronLeftIcon className="size-3.5" />
        Automations
      </Link>
      <div className="mb-5 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <AutomationHeaderFields key={automation.id} automation={automation} save={save.saveMeta} registerSave={save.registerHeaderSave} />
        <BuilderToolbar
          automation={automation}
          locked={locked}
          busy={busy}
          saveState={save.saveState}
          invalid={errors.panelInvalid}
          history={history.history}
          prepare={() => (locked ? Promise.resolve(true) : save.saveAll())}
          onTravel={travel}
          onPause={pause}
          onActivate={() => void activation.activate()}
          note={activation.note}
        />
      </div>

      {locked && <LiveLockBanner busy={busy} onPause={pause} />}
      <div className="mb-4">
        <SenderField automation={automation} locked={locked} save={save.saveMeta} />
      </div>
      <AutomationChecks
        automation={automation}
        showBlockers={activation.showBlockers}
        onAddStep={() => void insertAt(steps.length)}
        onEditStep={(stepId) => void select({ kind: "email", stepId })}
        onBlockers={activation.setDetails}
      />
      {problem && <BuilderProblemAlert problem={problem} />}

      <Tabs
        label="Automation views"
        value={tab}
        onValueChange={setTab}
        items={[
          { value: "builder", label: "Builder" },
          {
            value: "live",
            label: (
              <>
                Live view <span className="text-zinc-500">{automation.stats.active + automation.stats.completed}</span>
              </>
            ),
          },
        ]}
      >
        {tab === "builder" ? (
          <BuilderCanvasContext.Provider value={canvasActions}>
            <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_400px]">
              <div
                className="h-[max(640px,calc(100dvh-240px))] overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50/60"
                data-testid="builder-canvas"
              >
                <BuilderCanvas automation={automation} />
              </div>
              <aside
                ref={panelRef}
                aria-label="Node editor"
                className="scroll-mt-20 md:scroll-mt-4 max-h-[max(640px,calc(100dvh-240px))] min-w-0 overflow-x-hidden overflow-y-auto rounded-xl border border-zinc-200 bg-white px-4 pt-4 shadow-card"
              >
                <BuilderSidePanel
                  automation={automation}
                  selection={selection}
                  revision={revision}
                  locked={locked}
                  saveMeta={save.saveMeta}
                  saveStep={save.saveStep}
                  registerSave={save.registerPanelSave}
                  onTriggerError={errors.onTriggerError}
                  onStepErrors={errors.onStepErrors}
                />
              </aside>
            </div>
          </BuilderCanvasContext.Provider>
        ) : (
          <LiveView automation={automation} />
        )}
      </Tabs>

      <ActivateAutomationDialog
        automation={automation}
        count={activation.matching}
        onClose={activation.cancelMatching}
        onActivate={(enrollExisting) => void activation.activateWith(enrollExisting)}
      />
      <ConfirmDeleteDialog
        item={confirmDelete === null ? null : { index: confirmDelete, subject: steps[confirmDelete]?.subject }}
        title={({ index }) => `Delete email ${index + 1}?`}
        description={() => "The step and its delay are removed. Contacts waiting for it get the next email instead. You can undo this."}
        details={({ subject }) => (
          <p className="text-sm text-zinc-700">{subject ? <>Subject: “{subject}”</> : "This email uses a template."}</p>
        )}
        confirmLabel="Delete step"
        // The step goes at once; a failure shows above the canvas, and undo brings it back.
        onConfirm={async ({ index }) => void remove(index)}
        onClose={() => setConfirmDelete(null)}
        focusConfirm
      />
    </div>
  );
}
