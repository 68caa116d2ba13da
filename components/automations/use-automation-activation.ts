"use client";

import { useState } from "react";
import type { useAutomationActions } from "@/lib/hooks/use-automations";
import { activationMessages } from "@/lib/ui/builder-state";
import { ApiRequestError, errorMessage, type ApiErrorDetail } from "@/lib/ui/fetch-api";
import type { BuilderProblem } from "./use-builder-run";

type Actions = ReturnType<typeof useAutomationActions>;

interface ActivationOptions {
  actions: Actions;
  saveAll: () => Promise<boolean>;
  setBusy: (busy: boolean) => void;
  setProblem: (problem: BuilderProblem | null) => void;
}

/**
 * Activation: save what is typed, run the checks, ask about contacts who already match, then
 * activate. Blockers are shown with their fixes (by AutomationChecks), never a confirmation that
 * activation would then refuse.
 */
export function useAutomationActivation({ actions, saveAll, setBusy, setProblem }: ActivationOptions) {
  const [details, setDetails] = useState<ApiErrorDetail[]>([]);
  const [showBlockers, setShowBlockers] = useState(false);
  /** How many contacts already match the trigger, while asking whether to enroll them. */
  const [matching, setMatching] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function activate() {
    if (!(await saveAll())) return;
    setBusy(true);
    setProblem(null);
    try {
      const checks = await actions.checks();
      if (checks.blockers.length > 0) {
        setDetails(checks.blockers);
        setShowBlockers(true);
        return;
      }
      // Contacts who already match the trigger: ask whether to enroll them too (none: no question).
      const found = await actions.matchingContacts().catch(() => null);
      if (found?.supported && found.count > 0) {
        setMatching(found.count);
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
    setMatching(null);
    setBusy(true);
    setProblem(null);
    try {
      const enrolled = await actions.activate(enrollExisting ? { enrollExisting } : undefined);
      setDetails([]);
      setShowBlockers(false);
      if (enrollExisting) {
        setNote(`Enrolled ${enrolled} contact${enrolled === 1 ? "" : "s"} who already matched`);
        setTimeout(() => setNote(null), 4000);
      }
    } catch (error) {
      const found = error instanceof ApiRequestError ? error.details : [];
      setDetails(found);
      if (found.length && error instanceof ApiRequestError && error.code === "validation_error") setShowBlockers(true);
      else
        setProblem({
          title: "This automation cannot be activated yet",
          messages: found.length ? activationMessages(found) : [errorMessage(error)],
          sender: found.some((d) => d.path === "from"),
        });
    } finally {
      setBusy(false);
    }
  }

  return { details, setDetails, showBlockers, matching, cancelMatching: () => setMatching(null), note, activate, activateWith };
}
