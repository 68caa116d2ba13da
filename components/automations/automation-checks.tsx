"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useAutomationActions, useAutomationChecks, type Automation, type AutomationCheck } from "@/lib/hooks/use-automations";
import { useCreateList } from "@/lib/hooks/use-lists";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { AlertTriangleIcon } from "@/components/ui/icons";
import { SENDER_FIELD_ID } from "./sender-field";

interface AutomationChecksProps {
  automation: Automation;
  /** After a refused Activate: the blockers, live, each with its fix (until none is left). */
  showBlockers: boolean;
  onAddStep: () => void;
  onEditStep: (stepId: string) => void;
  /** The blockers as they stand after each re-check, while shown (the canvas marks their nodes). */
  onBlockers: (blockers: AutomationCheck[]) => void;
}

/** "Email 2: …" for a step's problem whose message does not name the email itself. */
function plain(check: AutomationCheck): string {
  const step = /^steps\.(\d+)/.exec(check.path);
  if (step && !check.message.startsWith("Email ")) return `Email ${Number(step[1]) + 1}: ${check.message}`;
  return check.message;
}

/**
 * What blocks activation (after a refused Activate) and what deserves a look (warnings, while
 * paused), in plain language, each with a button that fixes it: choose a sender, verify a
 * domain, create the trigger's list, open the email. Re-checked after every builder change.
 */
export function AutomationChecks({ automation, showBlockers, onAddStep, onEditStep, onBlockers }: AutomationChecksProps) {
  const checks = useAutomationChecks(automation.id);
  const createList = useCreateList();
  const actions = useAutomationActions(automation.id);
  const [fixError, setFixError] = useState<string | null>(null);
  const { refetch } = checks;
  // A refused Activate: show the blockers as they stand now.
  useEffect(() => {
    if (showBlockers) void refetch();
  }, [showBlockers, refetch]);
  const blockersNow = checks.data?.blockers;
  useEffect(() => {
    if (showBlockers && blockersNow) onBlockers(blockersNow);
  }, [showBlockers, blockersNow, onBlockers]);
  if (!checks.data || automation.status === "active") return null;
  const { blockers, warnings } = checks.data;

  async function fix(check: AutomationCheck) {
    const action = check.fix?.action;
    setFixError(null);
    if (action === "choose_sender" && check.fix?.from) {
      try {
        await actions.update({ from: check.fix.from });
      } catch (error) {
        setFixError(errorMessage(error));
      }
    } else if (action === "choose_sender") {
      const field = document.getElementById(SENDER_FIELD_ID);
      field?.scrollIntoView({ block: "center" });
      field?.focus();
    } else if (action === "create_list" && check.fix?.listName) {
      try {
        await createList.mutateAsync({ name: check.fix.listName });
      } catch (error) {
        setFixError(errorMessage(error));
      }
      await checks.refetch();
    } else if (action === "add_step") onAddStep();
    else if (action === "edit_step" && check.fix?.stepId) onEditStep(check.fix.stepId);
  }

  const button = (check: AutomationCheck) => {
    if (!check.fix) return null;
    if (check.fix.href)
      return (
        <Link href={check.fix.href} className={buttonClasses({ variant: "secondary", size: "sm", className: "shrink-0" })}>
          {check.fix.label}
        </Link>
      );
    return (
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0"
        loading={check.fix.action === "create_list" && createList.isPending}
        onClick={() => void fix(check)}
      >
        {check.fix.label}
      </Button>
    );
  };

  const row = (check: AutomationCheck, i: number) => (
    <li
      key={`${check.code}-${check.path}-${i}`}
      // The fix button goes under the text when both do not fit side by side (a phone).
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 py-1.5"
      data-testid={`check-${check.code}`}
    >
      <span className="block min-w-48 flex-1 first-letter:uppercase">{plain(check)}</span>
      {button(check)}
    </li>
  );

  return (
    <div className="mb-4 space-y-3">
      {automation.pausedReason && (
        <Alert tone="error" title="Mailwright paused this automation">
          <p data-testid="paused-reason">{automation.pausedReason}</p>
        </Alert>
      )}
      {showBlockers && blockers.length > 0 && (
        <Alert tone="error" title="This automation cannot be activated yet">
          <ul className="divide-y divide-red-100">{blockers.map(row)}</ul>
          {blockers.some((b) => b.path === "from") && (
            <p className="mt-1">
              Or set the account&apos;s default sender on a verified domain in{" "}
              <Link href="/settings" className="font-medium underline">
                Settings
              </Link>
              .
            </p>
          )}
          {fixError && <p className="mt-1 font-medium">{fixError}</p>}
        </Alert>
      )}
      {showBlockers && blockers.length === 0 && (
        <p role="status" className="text-[13px] font-medium text-emerald-700">
          Everything that blocked activation is fixed: you can activate now.
        </p>
      )}
      {warnings.length > 0 && (
        <section
          aria-labelledby="automation-warnings-title"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-[13px] leading-5 text-amber-900"
          data-testid="automation-warnings"
        >
          <h2 id="automation-warnings-title" className="flex items-center gap-2 font-medium">
            <AlertTriangleIcon />
            Worth a look before you activate (these do not block it)
          </h2>
          <ul className="divide-y divide-amber-100 pl-6">{warnings.map(row)}</ul>
        </section>
      )}
    </div>
  );
}
