"use client";

import { useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { defaultStepConfig, insertStep, newStepKey, removeStep, type Branch } from "@/lib/automations/graph/edit-graph";
import type { StepType } from "@/lib/automations/graph/graph-types";
import { useAutomationActions, type Automation } from "@/lib/hooks/use-automations";
import { errorMessage, fetchApi } from "@/lib/ui/fetch-api";
import { BuilderProblemAlert } from "./builder-notices";
import { JourneyActions } from "./journey-actions";
import { JourneyCanvas } from "./journey-canvas";
import { JourneyDeleteStepDialog } from "./journey-delete-step-dialog";
import type { Journey, JourneyStep } from "./journey-format";
import { JourneyFunnel } from "./journey-funnel";
import { JourneyIntro, JourneyLiveBanner } from "./journey-intro";
import { JourneyCanvasContext, type JourneyCanvasActions } from "./journey-nodes";
import { JourneySidePanel } from "./journey-side-panel";
import { JourneyStepPicker } from "./journey-step-picker";
import { useJourneyDraft } from "./use-journey-draft";
import { useJourneyLive } from "./use-journey-live";

/**
 * A loaded journey: its actions, the canvas, and beside it the selected step's editor or the
 * journey's settings; the step picker and the delete confirmation open over them.
 */
export function JourneyEditor({ automation, journey, graphPath }: { automation: Automation; journey: Journey; graphPath: string }) {
  const queryClient = useQueryClient();
  const actions = useAutomationActions(automation.id);
  const locked = automation.status === "active";
  const queryKey = ["automations", "journey", automation.id];
  const edit = useJourneyDraft({ journey, graphPath, queryKey, onSaved: () => void actions.refresh() });
  const { draft, errors, setProblem } = edit;
  const [selected, setSelected] = useState<string | null>(null);
  const [picking, setPicking] = useState<Branch | null>(null);
  const [confirming, setConfirming] = useState<{ key: string; removed: string[] } | null>(null);
  const [toggling, setToggling] = useState(false);

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
    [locked, selected, errors, draft, counts, setProblem],
  );

  function pick(type: StepType) {
    if (!picking) return;
    const key = newStepKey(draft, type);
    edit.change(insertStep(draft, picking, { key, type, config: defaultStepConfig(type) }));
    setPicking(null);
    select(key);
  }

  function discard() {
    edit.discard();
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
        <JourneyActions
          automation={automation}
          steps={journey.steps}
          locked={locked}
          dirty={edit.dirty}
          saving={edit.saving}
          toggling={toggling}
          onSave={() => void edit.save()}
          onDiscard={discard}
          onToggle={() => void toggle()}
        />
      </div>

      {locked && <JourneyLiveBanner toggling={toggling} onPause={() => void toggle()} />}
      {edit.problem && <BuilderProblemAlert problem={edit.problem} />}

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
              onMove={edit.move}
              onResetLayout={edit.resetLayout}
            />
          </div>
          <JourneySidePanel
            step={step}
            revision={edit.revision}
            locked={locked}
            serverErrors={errors}
            settings={journey}
            runs={live.data?.runs ?? null}
            onStepChange={edit.changeConfig}
            onStepValidity={edit.setValidity}
            onDeleteStep={(key) => canvas.requestDelete(key)}
            onClose={() => setSelected(null)}
            saveSettings={async (body) => {
              await fetchApi(graphPath, { method: "PATCH", body });
              await queryClient.invalidateQueries({ queryKey });
            }}
          />
        </div>
      </JourneyCanvasContext.Provider>

      {counts && live.data && <JourneyFunnel steps={draft.steps} counts={counts} runs={live.data.runs} goal={journey.goal} />}

      <JourneyStepPicker picking={picking} graph={draft} onPick={pick} onClose={() => setPicking(null)} />
      <JourneyDeleteStepDialog
        confirming={confirming}
        onConfirm={(key) => {
          edit.change(removeStep(draft, key).graph);
          setSelected(null);
        }}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
