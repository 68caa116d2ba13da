"use client";

import { cn } from "@/lib/ui/cn";
import { PointerIcon } from "@/components/ui/icons";
import type { JourneySettings, JourneyStep } from "./journey-format";
import { JourneySettingsPanel, type JourneyRuns } from "./journey-settings-panel";
import { JourneyStepPanel } from "./journey-step-panel";

interface JourneySidePanelProps {
  /** The selected step, edited here; without one, the journey's runs and settings. */
  step: JourneyStep | undefined;
  /** Changes when the draft is replaced from outside the panel: the open step's form starts again. */
  revision: number;
  locked: boolean;
  serverErrors: Record<string, string[]>;
  settings: JourneySettings;
  runs: JourneyRuns | null;
  onStepChange: (key: string, config: Record<string, unknown>) => void;
  onStepValidity: (key: string, valid: boolean) => void;
  onDeleteStep: (key: string) => void;
  onClose: () => void;
  saveSettings: (body: Record<string, unknown>) => Promise<unknown>;
}

/** Beside the canvas from lg up: the selected step's editor (Escape closes it), or the journey's settings. */
export function JourneySidePanel({
  step,
  revision,
  locked,
  serverErrors,
  settings,
  runs,
  onStepChange,
  onStepValidity,
  onDeleteStep,
  onClose,
  saveSettings,
}: JourneySidePanelProps) {
  return (
    <aside
      aria-label={step ? "Step editor" : "Journey settings"}
      onKeyDown={(event) => {
        if (event.key === "Escape" && step) onClose();
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
          serverErrors={serverErrors[step.key] ?? []}
          onChange={(config) => onStepChange(step.key, config)}
          onValidity={(valid) => onStepValidity(step.key, valid)}
          onDelete={() => onDeleteStep(step.key)}
          onClose={onClose}
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
          <JourneySettingsPanel settings={settings} runs={runs} locked={locked} save={saveSettings} />
        </div>
      )}
    </aside>
  );
}
