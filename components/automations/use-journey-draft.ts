"use client";

import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { errorsByStep, updateStepConfig } from "@/lib/automations/graph/edit-graph";
import { hasStepConfig, invalidStepKeys, moveStep, movesStep, withoutPositions } from "@/lib/automations/graph/draft-edits";
import type { Graph, StepPosition } from "@/lib/automations/graph/graph-types";
import { ApiRequestError, errorMessage, fetchApi } from "@/lib/ui/fetch-api";
import type { Journey } from "./journey-format";
import type { BuilderProblem } from "./use-builder-run";

/** How long after the last step dropped on a saved journey its new place is saved (one save for a few moves). */
const MOVE_SAVE_DELAY_MS = 800;

const toGraph = (j: Journey): Graph => ({ steps: j.steps, connections: j.connections });

/**
 * The journey being edited: a draft of its graph, whether it is saved, the problems the server
 * or the step editors found, and the edits, saved whole with one PATCH to `graphPath`.
 * A step moved on a journey with nothing else unsaved saves itself once the moves stop; among
 * other unsaved changes it waits for Save with them. Any other change cancels the pending save.
 */
export function useJourneyDraft({
  journey,
  graphPath,
  queryKey,
  onSaved,
}: {
  journey: Journey;
  graphPath: string;
  /** The journey's query, read again after a save. */
  queryKey: readonly unknown[];
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Graph>(() => toGraph(journey));
  const [dirty, setDirty] = useState(false);
  // Bumped when the draft is replaced from outside the panel (a save, a discard): the open form starts again.
  const [revision, setRevision] = useState(0);
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<BuilderProblem | null>(null);
  const [saving, setSaving] = useState(false);

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

  // Non-zero while a move waits to save itself; each move bumps it, restarting the wait.
  const [moveSave, setMoveSave] = useState(0);
  // Counts edits, so that a save answered after another edit leaves the draft unsaved.
  const edits = useRef(0);
  const change = (next: Graph) => {
    edits.current++;
    setDraft(next);
    setDirty(true);
    setMoveSave(0);
  };
  const changeLayout = (next: (graph: Graph) => Graph) => {
    edits.current++;
    setDraft(next);
    if (!dirty || moveSave) setMoveSave((n) => n + 1);
    setDirty(true);
  };
  const move = (key: string, position: StepPosition) => {
    if (movesStep(draft, key, position)) changeLayout((g) => moveStep(g, key, position));
  };
  const resetLayout = () => changeLayout(withoutPositions);
  const changeConfig = (key: string, config: Record<string, unknown>) => {
    if (hasStepConfig(draft, key, config)) return;
    edits.current++;
    setDraft((g) => updateStepConfig(g, key, config).graph);
    setDirty(true);
    setMoveSave(0);
  };
  const setValidity = (key: string, valid: boolean) => setInvalid((v) => (v[key] === !valid ? v : { ...v, [key]: !valid }));

  async function save() {
    setMoveSave(0);
    const bad = invalidStepKeys(invalid, draft);
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
      await queryClient.invalidateQueries({ queryKey });
      onSaved();
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
  }

  return {
    draft,
    dirty,
    revision,
    errors,
    problem,
    setProblem,
    saving,
    change,
    move,
    resetLayout,
    changeConfig,
    setValidity,
    save,
    discard,
  };
}
