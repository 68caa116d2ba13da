"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  defaultStepConfig,
  errorsByStep,
  insertStep,
  newStepKey,
  removeStep,
  updateStepConfig,
  type Branch,
} from "@/lib/automations/graph/edit-graph";
import type { Graph, StepPosition, StepType } from "@/lib/automations/graph/graph-types";
import { useAutomationActions, type Automation } from "@/lib/hooks/use-automations";
import { ApiRequestError, errorMessage, fetchApi } from "@/lib/ui/fetch-api";
import { cn } from "@/lib/ui/cn";
import { Button } from "@/components/ui/button";
import { ChevronLeftIcon, PointerIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { PauseIcon } from "./automation-icons";
import { AutomationStatusBadge } from "./automation-status-badge";
import { BuilderProblemAlert } from "./builder-notices";
import { JourneyCanvas } from "./journey-canvas";
import { JourneyDeleteStepDialog } from "./journey-delete-step-dialog";
import type { Journey, JourneyStep } from "./journey-format";
import { JourneyFunnel } from "./journey-funnel";
import { JourneyIntro, JourneyLiveBanner } from "./journey-intro";
import { JourneyCanvasContext, type JourneyCanvasActions } from "./journey-nodes";
import { JourneySettingsPanel } from "./journey-settings-panel";
import { JourneyStepPicker } from "./journey-step-picker";
import { JourneyTestRun } from "./journey-test-run";
import { JourneyStepPanel } from "./journey-step-panel";
import { useJourneyLive } from "./use-journey-live";
import type { BuilderProblem } from "./use-builder-run";

/** How long after the last step dropped on a saved journey its new place is saved (one save for a few moves). */
const MOVE_SAVE_DELAY_MS = 800;

/**
 * A branching automation (a journey): its graph on a canvas, edited while paused (add a step on
 * any branch, change a step in the side panel, delete one, move one with the mouse) and saved
 * whole through the resend SDK's automations.update. Read-only while it runs.
 */
export function JourneyView({ automation }: { automation: Automation }) {
  const graphPath = `/api/v1/resend/automations/${encodeURIComponent(automation.id)}`;
  const journey = useQuery({
    queryKey: ["automations", "journey", automation.id],
    queryFn: ({ signal }) => fetchApi<Journey>(graphPath, { signal }),
  });
  return (
    <div>
      <Link href="/automations" className="mb-3 inline-flex items-center gap-1 text-[13px] text-zinc-500 hover:text-zinc-900">
        <ChevronLeftIcon className="size-3.5" />
        Automations
      </Link>
      {journey.isPending ? (
        <div aria-busy="true" aria-label="Loading the journey" className="space-y-4">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-[480px] w-full" />
        </div>
      ) : journey.isError ? (
        <LoadError title="Could not load the steps" error={journey.error} onRetry={() => journey.refetch()} />
      ) : (
        <JourneyEditor automation={automation} journey={journey.data} graphPath={graphPath} />
      )}
    </div>
  );
}

const toGraph = (j: Journey): Graph => ({ steps: j.steps, connections: j.connections });

function JourneyEditor({ automation, journey, graphPath }: { automation: Automation; journey: Journey; graphPath: string }) {
  const queryClient = useQueryClient();
  const actions = useAutomationActions(automation.id);
  const locked = automation.status === "active";
  const [draft, setDraft] = useState<Graph>(() => toGraph(journey));
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  // Bumped when the draft is replaced from outside the panel (a save, a discard): the open form starts again.
  const [revision, setRevision] = useState(0);
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<BuilderProblem | null>(null);
  const [picking, setPicking] = useState<Branch | null>(null);
  const [confirming, setConfirming] = useState<{ key: string; removed: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const [toggling, setToggling] = useState(false);

  // A journey newly read from the server (after a save) replaces the draft when nothing is unsaved.
  const [source, setSource] = useState(journey);
  if (source !== journey && !dirty) {
    setSource(journey);
    setDraft(toGraph(journey));
    setRevision((r) => r + 1);
  }

  // Unsaved changes are not lost to a closed tab or a reload without the browser asking.
  useEffect(() => {
    if (!dirty) return;
    const guard = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", guard);
    return () => window.removeEventListener("beforeunload", guard);
  }, [dirty]);

  // A step moved on a journey with nothing else unsaved saves itself, once the moves stop; among
  // other unsaved changes it waits for Save with them. Any other change cancels the pending save.
  const [moveSave, setMoveSave] = useState(0);
  // Counts edits, so that a save answered after another edit leaves the draft unsaved.
  const edits = useRef(0);
  const change = (next: Graph) => {
    edits.current++;
    setDraft(next);
    setDirty(true);
    setMoveSave(0);
  };
  const move = (key: string, position: StepPosition) => {
    const current = draft.steps.find((s) => s.key === key);
    if (!current || (current.position?.x === position.x && current.position?.y === position.y)) return;
    edits.current++;
    setDraft((g) => ({ ...g, steps: g.steps.map((s) => (s.key === key ? { ...s, position } : s)) }));
    if (!dirty || moveSave) setMoveSave((n) => n + 1);
    setDirty(true);
  };
  const resetLayout = () => {
    edits.current++;
    setDraft((g) => ({ ...g, steps: g.steps.map(({ position: _position, ...s }) => s) }));
    if (!dirty || moveSave) setMoveSave((n) => n + 1);
    setDirty(true);
  };

  const canvasRef = useRef<HTMLDivElement>(null);
  // Below lg the editor opens as a bottom sheet: the canvas goes to the top of the screen so the
  // selected step shows above the sheet.
  const select = (key: string | null) => {
    setSelected(key);
    // After the render: the journey panel below the canvas leaves the page's flow as the sheet
    // opens, and a scroll made before that would be moved by it.
    if (key && window.matchMedia("(max-width: 1023.98px)").matches)
      requestAnimationFrame(() => canvasRef.current?.scrollIntoView({ block: "start" }));
  };

  const { live, counts } = useJourneyLive(automation, locked);

  const canvas: JourneyCanvasActions = useMemo(
    () => ({
      locked,
      selected,
      errors,
      counts,
      select: (key) => select(key),
      addOn: (branch) => setPicking(branch),
      requestDelete: (key) => {
        try {
          setConfirming({ key, removed: removeStep(draft, key).removed });
        } catch (error) {
          setProblem({ title: "Could not delete the step", messages: [errorMessage(error)], sender: false });
        }
      },
    }),
    [locked, selected, errors, draft, counts],
  );

  function pick(type: StepType) {
    if (!picking) return;
    const key = newStepKey(draft, type);
    change(insertStep(draft, picking, { key, type, config: defaultStepConfig(type) }));
    setPicking(null);
    select(key);
  }

  async function save() {
    setMoveSave(0);
    const bad = Object.keys(invalid).filter((k) => invalid[k] && draft.steps.some((s) => s.key === k));
    if (bad.length) {
      setProblem({
        title: "Fix the step's settings first",
        messages: bad.map((k) => `Step ${k} has settings that are not valid.`),
        sender: false,
      });
      setErrors(Object.fromEntries(bad.map((k) => [k, ["Its settings are not valid: see the step editor"]])));
      return;
    }
    setSaving(true);
    setProblem(null);
    const editsSaved = edits.current;
    try {
      await fetchApi(graphPath, { method: "PATCH", body: { steps: draft.steps, connections: draft.connections } });
      setErrors({});
      if (edits.current === editsSaved) setDirty(false);
      await queryClient.invalidateQueries({ queryKey: ["automations", "journey", automation.id] });
      void actions.refresh();
    } catch (error) {
      const details = error instanceof ApiRequestError ? error.details : [];
      setErrors(errorsByStep(details));
      setProblem({
        title: "Could not save the journey",
        messages: details.length ? details.map((d) => d.message) : [errorMessage(error)],
        sender: false,
      });
    } finally {
      setSaving(false);
    }
  }

  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (!moveSave) return;
    const timer = setTimeout(() => void saveRef.current(), MOVE_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [moveSave]);

  function discard() {
    setDraft(toGraph(journey));
    setDirty(false);
    setMoveSave(0);
    setErrors({});
    setInvalid({});
    setProblem(null);
    setRevision((r) => r + 1);
    if (selected && !journey.steps.some((s) => s.key === selected)) setSelected(null);
  }

  async function toggle() {
    setToggling(true);
    setProblem(null);
    try {
      if (locked) await actions.pause();
      else await actions.activate();
    } catch (error) {
      setProblem({ title: locked ? "Could not pause" : "Could not activate", messages: [errorMessage(error)], sender: false });
    } finally {
      setToggling(false);
    }
  }

  const step: JourneyStep | undefined = draft.steps.find((s) => s.key === selected);

  return (
    <>
      <div className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <JourneyIntro automation={automation} />
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <AutomationStatusBadge status={automation.status} firstActivatedAt={automation.firstActivatedAt} />
          {!locked && (
            <>
              {dirty && (
                <Button variant="ghost" onClick={discard} disabled={saving}>
                  Discard
                </Button>
              )}
              <Button onClick={() => void save()} loading={saving} disabled={!dirty}>
                {dirty ? "Save changes" : "Saved"}
              </Button>
            </>
          )}
          {!dirty && <JourneyTestRun automationId={automation.id} steps={journey.steps} />}
          <Button
            variant="secondary"
            loading={toggling}
            onClick={() => void toggle()}
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
      </div>

      {locked && <JourneyLiveBanner toggling={toggling} onPause={() => void toggle()} />}
      {problem && <BuilderProblemAlert problem={problem} />}

      <JourneyCanvasContext.Provider value={canvas}>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_380px]">
          <div
            className="h-[min(70dvh,560px)] scroll-mt-16 overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50/60 lg:h-[max(600px,calc(100dvh-260px))]"
            ref={canvasRef}
            data-testid="journey-canvas"
            role="region"
            aria-label="Journey canvas"
          >
            <JourneyCanvas
              graph={draft}
              editable={!locked}
              selected={selected}
              onSelect={select}
              onMove={move}
              onResetLayout={resetLayout}
            />
          </div>
          <aside
            aria-label={step ? "Step editor" : "Journey settings"}
            onKeyDown={(event) => {
              if (event.key === "Escape" && step) setSelected(null);
            }}
            className={cn(
              "min-w-0 overflow-x-hidden overflow-y-auto bg-white px-4 pt-4 pb-6",
              // A bottom sheet on narrow screens while a step is open; beside the canvas from lg up.
              // Without one, the journey's runs and settings, below the canvas on narrow screens.
              step
                ? "fixed inset-x-0 bottom-0 z-40 max-h-[60dvh] rounded-t-2xl border-t border-zinc-200 shadow-2xl"
                : "rounded-xl border border-zinc-200 shadow-card",
              "lg:static lg:z-auto lg:max-h-[max(600px,calc(100dvh-260px))] lg:rounded-xl lg:border lg:border-zinc-200 lg:shadow-card",
            )}
          >
            {step ? (
              <JourneyStepPanel
                key={`${step.key}-${revision}`}
                step={step}
                locked={locked}
                serverErrors={errors[step.key] ?? []}
                onChange={(config) => {
                  const current = draft.steps.find((s) => s.key === step.key);
                  if (current && JSON.stringify(current.config) === JSON.stringify(config)) return;
                  edits.current++;
                  setDraft((g) => updateStepConfig(g, step.key, config).graph);
                  setDirty(true);
                  setMoveSave(0);
                }}
                onValidity={(valid) => setInvalid((v) => (v[step.key] === !valid ? v : { ...v, [step.key]: !valid }))}
                onDelete={() => canvas.requestDelete(step.key)}
                onClose={() => setSelected(null)}
              />
            ) : (
              <div className="space-y-5">
                <p className="flex items-start gap-2 text-[13px] text-zinc-500">
                  <PointerIcon className="mt-0.5 size-4 shrink-0 text-zinc-400" />
                  <span>
                    Select a step to {locked ? "see" : "edit"} it.{" "}
                    {locked ? "" : "Use + on a path to add one; with a step focused, Delete removes it after you confirm."}
                  </span>
                </p>
                <JourneySettingsPanel
                  settings={journey}
                  runs={live.data?.runs ?? null}
                  locked={locked}
                  save={async (body) => {
                    await fetchApi(graphPath, { method: "PATCH", body });
                    await queryClient.invalidateQueries({ queryKey: ["automations", "journey", automation.id] });
                  }}
                />
              </div>
            )}
          </aside>
        </div>
      </JourneyCanvasContext.Provider>

      {counts && live.data && <JourneyFunnel steps={draft.steps} counts={counts} runs={live.data.runs} goal={journey.goal} />}

      <JourneyStepPicker picking={picking} graph={draft} onPick={pick} onClose={() => setPicking(null)} />
      <JourneyDeleteStepDialog
        confirming={confirming}
        onConfirm={(key) => {
          change(removeStep(draft, key).graph);
          setSelected(null);
        }}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
