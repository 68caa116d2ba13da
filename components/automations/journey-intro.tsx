"use client";

import Link from "next/link";
import type { Automation } from "@/lib/hooks/use-automations";
import { Button } from "@/components/ui/button";
import { PauseIcon } from "./automation-icons";

/** The journey's name and what the page does (a linear automation: how it becomes a journey). */
export function JourneyIntro({ automation }: { automation: Automation }) {
  return (
    <div className="min-w-0">
      <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900">{automation.name}</h1>
      <p className="mt-1.5 max-w-2xl text-sm text-zinc-500">
        {automation.journey
          ? (automation.description ??
            "A journey: steps that branch on who the contact is and what they do. Add a step with +, select one to change it.")
          : "On the canvas: add a condition, a wait for an event or a split with +, then save, and the automation becomes a journey that branches."}
      </p>
      {!automation.journey && (
        <Link
          href={`/automations/${encodeURIComponent(automation.id)}`}
          className="mt-1 inline-block text-[13px] text-brand-700 hover:underline"
        >
          Back to the step list
        </Link>
      )}
    </div>
  );
}

/** While the journey runs its steps are read-only: this says so, with the way to pause. */
export function JourneyLiveBanner({ toggling, onPause }: { toggling: boolean; onPause: () => void }) {
  return (
    <div
      className="mb-4 flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-[13px] text-emerald-900 sm:flex-row sm:items-center sm:justify-between"
      role="status"
    >
      <p>
        <span className="font-medium">This journey is live, so it is read-only.</span> Pause it to change its steps; runs already on their
        way wait and go on when it is active again.
      </p>
      <Button size="sm" variant="secondary" loading={toggling} onClick={onPause}>
        <PauseIcon />
        Pause to edit
      </Button>
    </div>
  );
}
