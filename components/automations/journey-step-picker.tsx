"use client";

import { canInsert, type Branch } from "@/lib/automations/graph/edit-graph";
import { STEP_TYPES, type Graph, type StepType } from "@/lib/automations/graph/graph-types";
import { Dialog, DialogBody } from "@/components/ui/dialog";
import { branchLabel, STEP_HINTS, STEP_LABELS } from "./journey-format";

const PICKABLE = STEP_TYPES.filter((t) => t !== "trigger");

/** The step types to put on a branch ("+"): those that cannot go there are shown, disabled, with why. */
export function JourneyStepPicker({
  picking,
  graph,
  onPick,
  onClose,
}: {
  picking: Branch | null;
  graph: Graph;
  onPick: (type: StepType) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={picking !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Add a step"
      description={picking ? `After ${picking.from}${branchLabel(picking) ? `, on “${branchLabel(picking)}”` : ""}.` : undefined}
    >
      <DialogBody>
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Step types">
          {PICKABLE.map((type, i) => {
            const allowed = picking ? canInsert(graph, picking, type) : false;
            return (
              <li key={type}>
                <button
                  type="button"
                  data-autofocus={i === 0 ? true : undefined}
                  disabled={!allowed}
                  onClick={() => onPick(type)}
                  className="block h-full w-full cursor-pointer rounded-lg border border-zinc-200 px-3 py-2.5 text-left hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  <span className="block text-sm font-medium text-zinc-900">{STEP_LABELS[type]}</span>
                  <span className="mt-0.5 block text-xs text-zinc-500">
                    {allowed ? STEP_HINTS[type] : "Ends the run: add it where nothing follows"}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </DialogBody>
    </Dialog>
  );
}
