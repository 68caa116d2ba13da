"use client";

import { useState } from "react";
import type { Automation, useAutomationActions } from "@/lib/hooks/use-automations";
import { errorMessage } from "@/lib/ui/fetch-api";
import type { HistoryAction } from "@/lib/ui/undo-history";

type Actions = ReturnType<typeof useAutomationActions>;

/** A failure the builder shows above the canvas; `sender` adds the way to set a default sender. */
export interface BuilderProblem {
  title: string;
  messages: string[];
  sender?: boolean;
}

interface BuilderRunOptions {
  automation: Automation;
  actions: Actions;
  record: (action: HistoryAction<Automation>) => void;
  onStored: () => void;
}

/**
 * One change at a time through the API (add, move, delete a step, pause): `busy` while it runs,
 * its failure as `problem`, and on success the old copy becomes the undo point.
 */
export function useBuilderRun({ automation, actions, record, onStored }: BuilderRunOptions) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<BuilderProblem | null>(null);

  async function run<T>(title: string, change: () => Promise<T>, undoable = true): Promise<T | undefined> {
    const before = automation;
    setBusy(true);
    setProblem(null);
    try {
      const result = await change();
      if (undoable) record({ type: "change", before });
      onStored();
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

  return { busy, setBusy, problem, setProblem, run };
}
