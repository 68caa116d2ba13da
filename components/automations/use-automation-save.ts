"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Automation, useAutomationActions } from "@/lib/hooks/use-automations";
import type { UpdateAutomationBody, UpdateStepBody } from "@/lib/automations/schemas";
import { hasUnsavedWork, sameContent } from "@/lib/ui/builder-state";
import { errorMessage } from "@/lib/ui/fetch-api";
import type { HistoryAction } from "@/lib/ui/undo-history";
import type { SaveState } from "./save-indicator";

type Actions = ReturnType<typeof useAutomationActions>;
export type SaveFn = (() => Promise<boolean>) | null;

interface AutomationSaveOptions {
  automation: Automation;
  actions: Actions;
  record: (action: HistoryAction<Automation>) => void;
  /** A change was stored: what the last activation attempt reported no longer holds. */
  onStored: () => void;
}

/**
 * The builder's saving: each open form (the node's panel, the header) registers its save here,
 * autosaves are shown by the indicator and recorded for undo, and saveAll() flushes everything
 * before leaving a node, undoing, activating or a test run.
 */
export function useAutomationSave({ automation, actions, record, onStored }: AutomationSaveOptions) {
  const [saveState, setSaveState] = useState<SaveState>({ state: "idle" });
  // Saves under way, and the newest stored copy (the undo point of the next save, even when two
  // saves follow each other before a render): refs, read and written only by saves.
  const inflight = useRef(new Set<Promise<unknown>>());
  const newest = useRef(automation);
  useEffect(() => {
    newest.current = automation;
  }, [automation]);
  // Booleans, not one object: a form re-registering (null, then its save again, in one commit)
  // ends on the same value, so React bails out instead of rendering again (and looping).
  const [panelDirty, setPanelDirty] = useState(false);
  const [headerDirty, setHeaderDirty] = useState(false);
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

  /** Saves the open node's form now; false when it has errors (the node then stays open). */
  async function savePanel(): Promise<boolean> {
    return panelSave.current ? panelSave.current().catch(() => false) : true;
  }

  /** Saves now what autosave would save in a moment and waits for saves under way; false when a form has errors. */
  async function saveAll(): Promise<boolean> {
    let ok = true;
    const pending = [headerSave.current, panelSave.current].filter((save) => save !== null);
    for (const save of pending) ok = (await save().catch(() => false)) && ok;
    await Promise.allSettled([...inflight.current]);
    return ok;
  }

  /** An autosave of a form: shown by the indicator, recorded for undo. */
  async function autosave(change: () => Promise<Automation>): Promise<Automation> {
    const before = newest.current;
    const promise = change();
    inflight.current.add(promise);
    setSaveState({ state: "saving" });
    try {
      const result = await promise;
      newest.current = result;
      // A save that stored nothing new (a form flushing what it already had, after an undo
      // remounted it) is not a level: recording it would also drop the redo levels.
      if (!sameContent(before, result)) record({ type: "change", before });
      onStored();
      setSaveState({ state: "saved" });
      return result;
    } catch (error) {
      setSaveState({ state: "error", message: errorMessage(error) });
      throw error;
    } finally {
      inflight.current.delete(promise);
    }
  }

  const saveMeta = (body: UpdateAutomationBody) => autosave(() => actions.update(body));
  const saveStep = (stepId: string) => (body: UpdateStepBody) => autosave(() => actions.updateStep(stepId, body));
  const unsaved = hasUnsavedWork({ panelDirty, headerDirty, save: saveState });

  return { saveState, unsaved, registerPanelSave, registerHeaderSave, savePanel, saveAll, saveMeta, saveStep };
}
