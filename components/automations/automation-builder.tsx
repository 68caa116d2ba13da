"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useAutomationActions, type Automation } from "@/lib/hooks/use-automations";
import type { UpdateAutomationBody, UpdateStepBody } from "@/lib/automations/schemas";
import { useTemplates } from "@/lib/hooks/use-templates";
import { ApiRequestError, errorMessage, type ApiErrorDetail } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { ChevronLeftIcon, CoinsIcon, PointerIcon } from "@/components/ui/icons";
import { Tabs } from "@/components/ui/tabs";
import { PauseIcon, PlayIcon, UndoIcon } from "./automation-icons";
import { AutomationHeaderFields } from "./automation-header";
import { TestRunPanel } from "./test-run-panel";
import { AutomationStatusBadge } from "./automation-status-badge";
import { creditsPerContact } from "./automation-format";
import { ActivateAutomationDialog } from "./activate-automation-dialog";
import { BuilderCanvas } from "./builder-canvas";
import { BuilderCanvasContext, type BuilderCanvasActions, type NodeErrors, type Selection } from "./builder-context";
import { LiveView } from "./live-view";
import { restoreAutomation } from "./restore-automation";
import { StepEditor, type StepErrors } from "./step-editor";
import { TriggerEditor } from "./trigger-editor";

type Tab = "builder" | "live";
type SaveFn = (() => Promise<boolean>) | null;

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

export function AutomationBuilder({ automation }: { automation: Automation }) {
  const actions = useAutomationActions(automation.id);
  const templates = useTemplates({ limit: 100, offset: 0 });
  const [tab, setTab] = useState<Tab>("builder");
  const [selection, setSelection] = useState<Selection>(null);
  const [previous, setPrevious] = useState<Automation | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; messages: string[]; sender?: boolean } | null>(null);
  const [activationDetails, setActivationDetails] = useState<ApiErrorDetail[]>([]);
  const [panelErrors, setPanelErrors] = useState<{ trigger?: string; step?: StepErrors }>({});
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [confirmActivate, setConfirmActivate] = useState<number | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const panelSave = useRef<SaveFn>(null);
  const headerSave = useRef<SaveFn>(null);
  const registerPanelSave = useCallback((fn: SaveFn) => void (panelSave.current = fn), []);
  const registerHeaderSave = useCallback((fn: SaveFn) => void (headerSave.current = fn), []);
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
      if (undoable) setPrevious(before);
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

  /** Saves the open node's form and the name; false when one of them has errors. */
  async function saveAll(options: { announce?: boolean } = {}): Promise<boolean> {
    let ok = true;
    const pending = [headerSave.current, panelSave.current].filter((save) => save !== null);
    for (const save of pending) ok = (await save().catch(() => false)) && ok;
    if (options.announce && ok) {
      setSavedNote(pending.length ? "Changes saved" : "Everything is saved");
      setTimeout(() => setSavedNote(null), 2500);
    }
    return ok;
  }

  const select = async (next: Selection) => {
    // Moving to another node keeps what was typed in this one.
    if (panelSave.current && !(await panelSave.current().catch(() => false))) return;
    setPanelErrors({});
    setSelection(next);
  };

  const saveMeta = async (body: UpdateAutomationBody) => {
    const before = automation;
    await actions.update(body);
    setPrevious(before);
  };
  const saveStep = (stepId: string) => async (body: UpdateStepBody) => {
    const before = automation;
    await actions.updateStep(stepId, body);
    setPrevious(before);
    setActivationDetails([]);
  };

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

  // One PUT of the whole list: the moved step keeps its id (and its history), and the delays
  // stay where the user put them (the waits between emails keep their places in the sequence).
  async function move(from: number, to: number) {
    const step = steps[from];
    if (!step || to < 0 || to >= steps.length || to === from) return;
    const order = steps.filter((s) => s.id !== step.id);
    order.splice(to, 0, step);
    await run("Could not move the step", () =>
      actions.replaceSteps({ steps: order.map((s, i) => ({ id: s.id, delayMinutes: steps[i].delayMinutes })) }),
    );
  }

  async function remove(index: number) {
    const step = steps[index];
    setConfirmDelete(null);
    if (!step) return;
    await run("Could not delete the step", () => actions.deleteStep(step.id));
    if (selection && selection.kind !== "trigger" && selection.stepId === step.id) setSelection(null);
  }

  async function undo() {
    if (!previous) return;
    const target = previous;
    const restored = await run("Could not undo", () => restoreAutomation(actions, automation, target), false);
    if (restored) {
      setPrevious(null);
      if (selection && selection.kind !== "trigger" && !restored.steps.some((s) => s.id === selection.stepId)) setSelection(null);
    }
  }

  async function activate() {
    if (!(await saveAll())) return;
    // Contacts who already match the trigger: ask whether to enroll them too (none: no question).
    const matching = await actions.matchingContacts().catch(() => null);
    if (matching?.supported && matching.count > 0) setConfirmActivate(matching.count);
    else await activateWith(false);
  }

  async function activateWith(enrollExisting: boolean) {
    setConfirmActivate(null);
    setBusy(true);
    setProblem(null);
    try {
      const enrolled = await actions.activate(enrollExisting ? { enrollExisting } : undefined);
      setActivationDetails([]);
      if (enrollExisting) {
        setSavedNote(`Enrolled ${enrolled} contact${enrolled === 1 ? "" : "s"} who already matched`);
        setTimeout(() => setSavedNote(null), 4000);
      }
    } catch (error) {
      const details = error instanceof ApiRequestError ? error.details : [];
      setActivationDetails(details);
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
          key={`${automation.triggerType}-${JSON.stringify(automation.triggerConfig)}`}
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
          key={`${selectedStep.id}-${selectedStep.delayMinutes}-${selectedStep.subject}-${selectedStep.templateId}-${selectedStep.bodyHtml?.length}`}
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
    <>
      <Link href="/automations" className="mb-3 inline-flex items-center gap-1 text-[13px] text-zinc-500 hover:text-zinc-900">
        <ChevronLeftIcon className="size-3.5" />
        Automations
      </Link>
      <div className="mb-5 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <AutomationHeaderFields key={automation.id} automation={automation} save={saveMeta} registerSave={registerHeaderSave} />
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <div className="flex items-center gap-2">
            <AutomationStatusBadge status={automation.status} />
            <TestRunPanel automation={automation} prepare={() => (locked ? Promise.resolve(true) : saveAll())} />
            {!locked && (
              <Button variant="ghost" size="sm" disabled={!previous || busy} onClick={() => void undo()} title="Undo the last change">
                <UndoIcon />
                Undo
              </Button>
            )}
            {!locked && (
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => void saveAll({ announce: true })}>
                Save
              </Button>
            )}
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
            <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_380px]">
              <div className="h-[640px] overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50/60" data-testid="builder-canvas">
                <BuilderCanvas automation={automation} />
              </div>
              <aside
                aria-label="Node editor"
                className="max-h-[640px] min-w-0 overflow-x-hidden overflow-y-auto rounded-xl border border-zinc-200 bg-white px-4 pt-4 shadow-card"
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
    </>
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
