"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useAutomation, useAutomationChecks } from "@/lib/hooks/use-automations";
import { errorMessage, isNotFound, shownRecord } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkflowIcon } from "./automation-icons";
import { AutomationBuilder } from "./automation-builder";
import { JourneyView } from "./journey-view";

export function AutomationBuilderLoader({ id }: { id: string }) {
  const automation = useAutomation(id);
  // The builder's checks sit above its canvas: it opens once they are known (or failed), so the
  // canvas never jumps down under a pointer on its way to a node. Fetched beside the automation.
  const checks = useAutomationChecks(id);
  // ?view=canvas: a linear automation on the journey canvas, where a branch makes it a journey.
  const canvas = useSearchParams().get("view") === "canvas";
  if (automation.isPending || checks.isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Loading the automation" className="space-y-4">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-4 w-96" />
        <Skeleton className="h-[560px] w-full" />
      </div>
    );
  const shown = shownRecord(automation);
  if (!shown) {
    if (isNotFound(automation.error))
      return (
        <EmptyState
          icon={WorkflowIcon}
          title="Automation not found"
          description="It may have been deleted, or it belongs to another account."
          action={
            <Link href="/automations" className={buttonClasses({ variant: "secondary" })}>
              Back to automations
            </Link>
          }
        />
      );
    return (
      <Alert tone="error" title="Could not load the automation">
        {errorMessage(automation.error)}
      </Alert>
    );
  }
  // A journey's steps are a graph: the linear builder would show its trigger and nothing after it.
  if (shown.journey || canvas) return <JourneyView automation={shown} />;
  return <AutomationBuilder automation={shown} />;
}
