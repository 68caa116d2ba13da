"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useAutomationActions, type Automation } from "@/lib/hooks/use-automations";
import type { UpdateAutomationBody, UpdateStepBody } from "@/lib/automations/schemas";
import { useTemplates } from "@/lib/hooks/use-templates";
import { ApiRequestError, errorMessage, type ApiErrorDetail } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { ChevronLeftIcon, CoinsIcon, PointerIcon } from "@/components/ui/icons";
import { useNavigationGuard } from "@/components/dashboard/navigation-guard";
import { emptyHistory, historyReducer, type HistoryAction } from "@/lib/ui/undo-history";
import { Tabs } from "@/components/ui/tabs";
import { PauseIcon, PlayIcon, RedoIcon, UndoIcon } from "./automation-icons";
import { AutomationHeaderFields } from "./automation-header";
import { TestRunPanel } from "./test-run-panel";
import { AutomationStatusBadge } from "./automation-status-badge";
import { creditsPerContact } from "./automation-format";
import { ActivateAutomationDialog } from "./activate-automation-dialog";
import { AutomationChecks } from "./automation-checks";
import { SenderField } from "./sender-field";
import { BuilderCanvas } from "./builder-canvas";
import { BuilderCanvasContext, type BuilderCanvasActions, type NodeErrors, type Selection } from "./builder-context";
import { LiveView } from "./live-view";
import { restoreAutomation } from "./restore-automation";
import { moveStep } from "@/lib/automations/move-step";
import { StepEditor, type StepErrors } from "./step-editor";
import { TriggerEditor } from "./trigger-editor";
import { SaveIndicator, type SaveState } from "./save-indicator";

type Tab = "builder" | "live";
type SaveFn = (() => Promise<boolean>) | null;

/** Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z apply to the builder, except where the browser's own undo does. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest("input, textarea, select") !== null;
}

const NEW_STEP = {
  delayMinutes: 1440,
  subject: "A new email for {{name}}",
  bodyHtml: `<p>Hi {{name}},</p>\n<p>Write your message here.</p>\n<p style="color:#6b7280;font-size:12px"><a href="{{unsubscribe_url}}">Unsubscribe</a></p>`,
};

/** Activation problems (paths like steps.2.templateId) placed on the nodes they concern. */
function errorsFromDetails(automation: Automation, details: ApiErrorDetail[]): NodeErrors {
  const errors: NodeErrors = { steps: {} };
  for (const detail of details) {
    const match = /^steps\.(\d+)/.exec(detail.path);
    const step = match ? automation.steps[Number(match[1])] : undefined;
    if (step) errors.steps[step.id] = { ...errors.steps[step.id], email: detail.message };
    else if (detail.path.startsWith("trigger")) errors.trigger = detail.message;
  }
  return errors;
}

/** The automation's content without its timestamps: whether a save changed anything. */
function sameContent(a: Automation, b: Automation): boolean {
  const content = (value: Automation) => JSON.stringify(value, (key, v) => (key === "updatedAt" || key === "createdAt" ? undefined : v));
  return content(a) === content(b);
}

export function AutomationBuilder({ automation }: { automation: Automation }) {
  const actions = useAutomationActions(automation.id);
  const templates = useTemplates({ limit: 100, offset: 0 });
  const [tab, setTab] = useState<Tab>("builder");
  const [selection, setSelection] = useState<Selection>(null);
  // Undo/redo: snapshots of the automation, restored through the API. A ref so
  // the steps of one undo (save what is typed, then restore) see each other's changes.
  const historyRef = useRef(emptyHistory<Automation>());
  const [history, setHistory] = useState(emptyHistory<Automation>);
  const recordHistory = useCallback((action: HistoryAction<Automation>) => {
    historyRef.current = historyReducer(historyRef.current, action);
    setHistory(historyRef.current);
  }, []);
  // Bumped by undo and redo: the open form starts again from the restored automation.
  const [revision, setRevision] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>({ state: "idle" });
  // Saves under way, and the newest stored copy (the undo point of the next save, even when two
  // saves follow each other before a render): objects mutated in place, the same every render.
  const [inflight] = useState(() => new Set<Promise<unknown>>());
  const [newest] = useState(() => ({ automation }));
  useEffect(() => {
    newest.automation = automation;
  }, [automation, newest]);
  // Booleans, not one object: a form re-registering (null, then its save again, in one commit)
  // ends on the same value, so React bails out instead of rendering again (and looping).
  const [panelDirty, setPanelDirty] = useState(false);
  const [headerDirty, setHeaderDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; messages: string[]; sender?: boolean } | null>(null);
  const [activationDetails, setActivationDetails] = useState<ApiErrorDetail[]>([]);
  const [showBlockers, setShowBlockers] = useState(false);
  const [panelErrors, setPanelErrors] = useState<{ trigger?: string; step?: StepErrors }>({});
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [confirmActivate, setConfirmActivate] = useState<number | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const panelSave = useRef<SaveFn>(null);
  const headerSave = useRef<SaveFn>(null);
  const registerPanelSave = useCallback((fn: SaveFn) => {
    panelSave.current = fn;
    setPanelDirty(fn !== null);
  }, []);
  const registerHeaderSave = useCallback((fn: SaveFn) => {
    headerSave.current = fn;
    setHeaderDirty(fn !== null);
  }, []);
  const locked = automation.status === "active";
  const steps = automation.steps;
  const listName = automation.triggerType === "list_join" ? (automation.triggerConfig as { listName?: string }).listName : undefined;

  /** Runs one change through the API; on success the old copy becomes the undo point. */
  async function run<T>(title: string, change: () => Promise<T>, undoable = true): Promise<T | undefined> {
    const before = automation;
    setBusy(true);
    setProblem(null);
    try {
      const result = await change();
      if (undoable) recordHistory({ type: "change", before });
      setActivationDetails([]);
      return result;
    } catch (error) {
      setProblem({ title, messages: [errorMessage(error)] });
      // A half-done multi-request change (a move): show what is stored now.
      await actions.refresh().catch(() => undefined);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  /**
   * Saves now what autosave would save in a moment (the open node's form, the name) and waits
   * for saves under way; false when a form has errors. Before leaving a node, undo, activation.
   */
  async function saveAll(): Promise<boolean> {
    let ok = true;
    const pending = [headerSave.current, panelSave.current].filter((save) => save !== null);
    for (const save of pending) ok = (await save().catch(() => false)) && ok;
    await Promise.allSettled([...inflight]);
    return ok;
  }

  /** An autosave of a form: shown by the indicator, recorded for undo. */
  async function autosave(change: () => Promise<Automation>): Promise<Automation> {
    const before = newest.automation;
    const promise = change();
    inflight.add(promise);
    setSaveState({ state: "saving" });
    try {
      const result = await promise;
      newest.automation = result;
      // A save that stored nothing new (a form flushing what it already had, after an undo
      // remounted it) is not a level: recording it would also drop the redo levels.
      if (!sameContent(before, result)) recordHistory({ type: "change", before });
      setActivationDetails([]);
      setSaveState({ state: "saved" });
      return result;
    } catch (error) {
      setSaveState({ state: "error", message: errorMessage(error) });
      throw error;
    } finally {
      inflight.delete(promise);
    }
  }

  const select = async (next: Selection) => {
    // What was typed here is saved before moving on; a form with errors stays open.
    if (panelSave.current && !(await panelSave.current().catch(() => false))) return;
    setPanelErrors({});
    setSelection(next);
  };

  const saveMeta = (body: UpdateAutomationBody) => autosave(() => actions.update(body));
  const saveStep = (stepId: string) => (body: UpdateStepBody) => autosave(() => actions.updateStep(stepId, body));

  async function insertAt(position: number) {
    // The new step opens in the panel: keep what was typed in the open node first, as select does.
    if (panelSave.current && !(await panelSave.current().catch(() => false))) return;
    const updated = await run("Could not add the step", () => actions.addStep({ ...NEW_STEP, position }));
    const step = updated?.steps[position];
    if (step) {
      setPanelErrors({});
      setSelection({ kind: "email", stepId: step.id });
    }
  }

  // One PUT of the whole list: the moved step keeps its id (and its history) and its own delay.
  async function move(from: number, to: number) {
    const order = moveStep(steps, from, to);
    if (!order) return;
    await run("Could not move the step", () => actions.replaceSteps({ steps: order }));
  }

  async function remove(index: number) {
    const step = steps[index];
    setConfirmDelete(null);
    if (!step) return;
    await run("Could not delete the step", () => actions.deleteStep(step.id));
    if (selection && selection.kind !== "trigger" && selection.stepId === step.id) setSelection(null);
  }

  /** Undo (back one level) or redo (forward one): what is typed is saved first, so it is the newest level. */
  async function travel(direction: "undo" | "redo") {
    if (locked || !(await saveAll())) return;
    const { past, future } = historyRef.current;
    const target = direction === "undo" ? past[past.length - 1] : future[0];
    if (!target) return;
    const restored = await run(
      direction === "undo" ? "Could not undo" : "Could not redo",
      async () => {
        // The stored copy, not this render's: a save a moment ago may not have rendered yet.
        const current = await actions.refresh();
        const result = await restoreAutomation(actions, current, target);
        recordHistory({ type: direction === "undo" ? "undone" : "redone", current, restored: result });
        return result;
      },
      false,
    );
    if (restored) setRevision((r) => r + 1);
    if (restored && selection && selection.kind !== "trigger" && !restored.steps.some((s) => s.id === selection.stepId)) setSelection(null);
  }
  const travelRef = useRef(travel);
  useEffect(() => {
    travelRef.current = travel;
  });
  // Presses in quick succession (Ctrl+Z, Ctrl+Z, …) each take a level, one after the other.
  const [travels] = useState(() => ({ queue: Promise.resolve() }));
  const enqueueTravel = useCallback(
    (direction: "undo" | "redo") => {
      travels.queue = travels.queue.then(() => travelRef.current(direction)).catch(() => undefined);
    },
    [travels],
  );
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== "z") return;
      if (isTextEntry(event.target) || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      enqueueTravel(event.shiftKey ? "redo" : "undo");
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enqueueTravel]);

  const panelInvalid = Boolean(panelErrors.trigger || panelErrors.step?.delay || panelErrors.step?.email);
  const unsaved = panelDirty || headerDirty || saveState.state === "saving";
  useNavigationGuard(unsaved && !locked ? `Changes to “${automation.name}” are not saved yet.` : null);

  async function activate() {
    if (!(await saveAll())) return;
    setBusy(true);
    setProblem(null);
    try {
      // The checks first: with blockers, show them with their fixes, never a confirmation that
      // activation would then refuse.
      const checks = await actions.checks();
      if (checks.blockers.length > 0) {
        setActivationDetails(checks.blockers);
        setShowBlockers(true);
        return;
      }
      // Contacts who already match the trigger: ask whether to enroll them too (none: no question).
      const matching = await actions.matchingContacts().catch(() => null);
      if (matching?.supported && matching.count > 0) {
        setConfirmActivate(matching.count);
        return;
      }
    } catch (error) {
      setProblem({ title: "Could not check this automation", messages: [errorMessage(error)] });
      return;
    } finally {
      setBusy(false);
    }
    await activateWith(false);
  }

  async function activateWith(enrollExisting: boolean) {
    setConfirmActivate(null);
    setBusy(true);
    setProblem(null);
    try {
      const enrolled = await actions.activate(enrollExisting ? { enrollExisting } : undefined);
      setActivationDetails([]);
      setShowBlockers(false);
      if (enrollExisting) {
        setSavedNote(`Enrolled ${enrolled} contact${enrolled === 1 ? "" : "s"} who already matched`);
        setTimeout(() => setSavedNote(null), 4000);
      }
    } catch (error) {
      const details = error instanceof ApiRequestError ? error.details : [];
      setActivationDetails(details);
      // Blockers are listed live, each with its fix, by AutomationChecks.
      if (details.length && error instanceof ApiRequestError && error.code === "validation_error") setShowBlockers(true);
      else
        setProblem({
          title: "This automation cannot be activated yet",
          messages: details.length
            ? details.map((d) => (d.path.startsWith("steps.") ? `Email ${Number(d.path.split(".")[1]) + 1}: ${d.message}` : d.message))
            : [errorMessage(error)],
          sender: details.some((d) => d.path === "from"),
        });
    } finally {
      setBusy(false);
    }
  }

  const nodeErrors = useMemo(() => {
    const errors = errorsFromDetails(automation, activationDetails);
    if (panelErrors.trigger) errors.trigger = panelErrors.trigger;
    if (selection && selection.kind !== "trigger" && panelErrors.step && (panelErrors.step.delay || panelErrors.step.email)) {
      errors.steps[selection.stepId] = { ...errors.steps[selection.stepId], ...panelErrors.step };
    }
    return errors;
  }, [automation, activationDetails, panelErrors, selection]);

  const templateNames = useMemo(() => new Map((templates.data?.data ?? []).map((t) => [t.id, t.name])), [templates.data]);
  const canvasActions: BuilderCanvasActions = {
    locked,
    busy,
    selection,
    errors: nodeErrors,
    stepCount: steps.length,
    templateNames,
    select: (next) => void select(next),
    insertAt: (position) => void insertAt(position),
    move: (from, to) => void move(from, to),
    remove: (index) => setConfirmDelete(index),
  };

  const onTriggerError = useCallback(
    (message: string | undefined) => setPanelErrors((e) => (e.trigger === message ? e : { ...e, trigger: message })),
    [],
  );
  const onStepErrors = useCallback(
    (errors: StepErrors) =>
      setPanelErrors((e) => (e.step?.delay === errors.delay && e.step?.email === errors.email ? e : { ...e, step: errors })),
    [],
  );

  const selectedIndex = selection && selection.kind !== "trigger" ? steps.findIndex((s) => s.id === selection.stepId) : -1;
  const selectedStep = selectedIndex >= 0 ? steps[selectedIndex] : undefined;
  const credits = creditsPerContact(steps.length);

  let panel;
  if (selection?.kind === "trigger")
    panel = (
      <>
        <PanelTitle title="Trigger" description="What enrolls a contact. Only events after activation count." />
        <TriggerEditor
          key={`trigger-${revision}`}
          automation={automation}
          locked={locked}
          save={saveMeta}
          registerSave={registerPanelSave}
          onErrorChange={onTriggerError}
        />
      </>
    );
  else if (selectedStep && selection)
    panel = (
      <>
        <PanelTitle
          title={`Email ${selectedIndex + 1} of ${steps.length}`}
          description="Its delay, then its content. Previews use sample data."
        />
        <StepEditor
          // Not keyed on the content: autosave changes it while the user types. Undo and redo bump revision.
          key={`${selectedStep.id}-${revision}`}
          step={selectedStep}
          index={selectedIndex}
          focus={selection.kind}
          locked={locked}
          listName={listName}
          save={saveStep(selectedStep.id)}
          registerSave={registerPanelSave}
          onErrorsChange={onStepErrors}
        />
      </>
    );
  else
    panel = (
      <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center">
        <PointerIcon className="size-5 text-zinc-400" />
        <p className="mt-3 text-sm font-medium text-zinc-900">Select a node to edit it</p>
        <p className="mt-1 text-[13px] text-zinc-500">Click the trigger, a delay or an email on the canvas. Use + to insert a step.</p>
      </div>
    );

  return (
    // data-wide: the dashboard layout gives the builder the page's full width for its canvas.
    <div data-wide>
      <Link href="/automations" className="mb-3 inline-flex items-center gap-1 text-[13px] text-zinc-500 hover:text-zinc-900">
        <ChevronLeftIcon className="size-3.5" />
        Automations
      </Link>
      <div className="mb-5 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <AutomationHeaderFields key={automation.id} automation={automation} save={saveMeta} registerSave={registerHeaderSave} />
        {/* Below lg the actions sit under the title, from the left, wrapping on a phone. */}
        <div className="flex shrink-0 flex-col items-start gap-1.5 lg:items-end">
          <div className="flex flex-wrap items-center gap-2">
            <AutomationStatusBadge status={automation.status} firstActivatedAt={automation.firstActivatedAt} />
            {!locked && <SaveIndicator state={saveState} invalid={panelInvalid} />}
            <TestRunPanel automation={automation} prepare={() => (locked ? Promise.resolve(true) : saveAll())} />
            <div className="flex items-center" role="group" aria-label="History">
              <Button
                variant="ghost"
                size="sm"
                disabled={locked || busy || history.past.length === 0}
                onClick={() => enqueueTravel("undo")}
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
                onClick={() => enqueueTravel("redo")}
                title={locked ? "Pause the automation to redo changes" : "Redo the change undone last (Shift+Ctrl+Z / Shift+⌘Z)"}
                aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
              >
                <RedoIcon />
                Redo
              </Button>
            </div>
            {locked ? (
              <Button
                size="sm"
                variant="secondary"
                loading={busy}
                onClick={() => void run("Could not pause", () => actions.pause(), false)}
              >
                <PauseIcon />
                Pause
              </Button>
            ) : (
              <Button size="sm" loading={busy} onClick={() => void activate()}>
                <PlayIcon />
                Activate
              </Button>
            )}
          </div>
          {savedNote && (
            <p role="status" className="text-xs font-medium text-emerald-700">
              {savedNote}
            </p>
          )}
          <p className="inline-flex items-center gap-1 text-xs text-zinc-500" data-testid="credit-estimate">
            <CoinsIcon className="size-3.5" />
            {credits} {credits === 1 ? "credit" : "credits"} per enrolled contact ({steps.length} {steps.length === 1 ? "email" : "emails"},
            one recipient each)
          </p>
        </div>
      </div>

      {locked && (
        <div
          className="mb-4 flex items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-[13px] text-emerald-900"
          role="status"
        >
          <p>
            <span className="font-medium">This automation is live.</span> Editing is locked so contacts already on their way get the emails
            you promised. Pause it to make changes; contacts already enrolled keep going.
          </p>
          <Button size="sm" variant="secondary" loading={busy} onClick={() => void run("Could not pause", () => actions.pause(), false)}>
            <PauseIcon />
            Pause to edit
          </Button>
        </div>
      )}
      <div className="mb-4">
        <SenderField automation={automation} locked={locked} save={saveMeta} />
      </div>
      <AutomationChecks
        automation={automation}
        showBlockers={showBlockers}
        onAddStep={() => void insertAt(steps.length)}
        onEditStep={(stepId) => void select({ kind: "email", stepId })}
        onBlockers={setActivationDetails}
      />
      {problem && (
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
      )}

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
                aria-label="Node editor"
                className="max-h-[max(640px,calc(100dvh-240px))] min-w-0 overflow-x-hidden overflow-y-auto rounded-xl border border-zinc-200 bg-white px-4 pt-4 shadow-card"
              >
                {panel}
              </aside>
            </div>
          </BuilderCanvasContext.Provider>
        ) : (
          <LiveView automation={automation} />
        )}
      </Tabs>

      <ActivateAutomationDialog
        automation={automation}
        count={confirmActivate}
        onClose={() => setConfirmActivate(null)}
        onActivate={(enrollExisting) => void activateWith(enrollExisting)}
      />
      <Dialog
        open={confirmDelete !== null}
        onOpenChange={(open) => !open && setConfirmDelete(null)}
        title={`Delete email ${(confirmDelete ?? 0) + 1}?`}
        description="The step and its delay are removed. Contacts waiting for it get the next email instead. You can undo this."
      >
        <DialogBody>
          <p className="text-sm text-zinc-700">
            {(() => {
              const step = confirmDelete === null ? undefined : steps[confirmDelete];
              return step?.subject ? <>Subject: “{step.subject}”</> : "This email uses a template.";
            })()}
          </p>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={() => setConfirmDelete(null)}>
            Cancel
          </Button>
          <Button variant="danger" data-autofocus onClick={() => void remove(confirmDelete ?? -1)}>
            Delete step
          </Button>
        </DialogFooter>
      </Dialog>
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
