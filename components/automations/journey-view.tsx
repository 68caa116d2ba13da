"use client";

import { useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useAutomationActions, type Automation } from "@/lib/hooks/use-automations";
import { errorMessage, fetchApi } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { AutomationStatusBadge } from "./automation-status-badge";

interface JourneyStep {
  key: string;
  type: string;
  config: Record<string, unknown>;
}
interface JourneyConnection {
  from: string;
  to: string;
  type: string;
  variant?: string;
}
interface Journey {
  steps: JourneyStep[];
  connections: JourneyConnection[];
}

const STEP_LABELS: Record<string, string> = {
  trigger: "Trigger",
  delay: "Delay",
  send_email: "Send email",
  wait_for_event: "Wait for event",
  condition: "Condition",
  contact_update: "Update contact",
  contact_delete: "Delete contact",
  add_to_segment: "Add to segment",
  split: "Split",
  exit: "Exit",
};

const CONNECTION_LABELS: Record<string, string> = {
  condition_met: "if met",
  condition_not_met: "if not met",
  event_received: "on the event",
  timeout: "on timeout",
};

function connectionLabel(connection: JourneyConnection) {
  if (connection.type === "variant") return `variant ${connection.variant ?? ""}`.trim();
  return CONNECTION_LABELS[connection.type] ?? "then";
}

/**
 * A branching automation (a journey, made through /api/v1/resend/automations): the builder edits
 * linear steps only, so this page names that plainly and lists the graph read-only instead of
 * showing a trigger with nothing after it.
 */
export function JourneyView({ automation }: { automation: Automation }) {
  const graphPath = `/api/v1/resend/automations/${encodeURIComponent(automation.id)}`;
  const graph = useQuery({
    queryKey: ["automations", "journey", automation.id],
    queryFn: ({ signal }) => fetchApi<Journey>(graphPath, { signal }),
  });
  const actions = useAutomationActions(automation.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const active = automation.status === "active";

  async function toggle() {
    setBusy(true);
    setProblem(null);
    try {
      if (active) await actions.pause();
      else await actions.activate();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <Link href="/automations" className="mb-3 inline-flex items-center gap-1 text-[13px] text-zinc-500 hover:text-zinc-900">
        <ChevronLeftIcon className="size-3.5" />
        Automations
      </Link>
      <div className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900">{automation.name}</h1>
          {automation.description && <p className="mt-1.5 max-w-2xl text-sm text-zinc-500">{automation.description}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <AutomationStatusBadge status={automation.status} firstActivatedAt={automation.firstActivatedAt} />
          <Button variant="secondary" loading={busy} onClick={toggle}>
            {active ? "Pause" : "Activate"}
          </Button>
        </div>
      </div>
      {problem && (
        <Alert tone="error" title={active ? "Could not pause" : "Could not activate"} className="mb-4">
          {problem}
        </Alert>
      )}
      <Alert tone="info" title="This automation branches, so the builder cannot show it" className="mb-6">
        It was made through the API as a graph of steps and connections (conditions, waits for an event or splits), which the builder&apos;s
        single line of emails cannot hold. Its steps are listed below, read-only. Change them through the API while it is paused:{" "}
        <code className="font-mono text-xs break-all">PATCH {graphPath}</code> (the resend SDK&apos;s{" "}
        <code className="font-mono text-xs">automations.update</code>).
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>Steps</CardTitle>
          <CardDescription>In the order they were saved, each with where it leads.</CardDescription>
        </CardHeader>
        <CardContent>
          {graph.isPending ? (
            <div aria-busy="true" aria-label="Loading the steps" className="space-y-3">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : graph.isError ? (
            <LoadError title="Could not load the steps" error={graph.error} onRetry={() => graph.refetch()} />
          ) : (
            <ol aria-label="Steps of this automation" className="divide-y divide-zinc-100">
              {graph.data.steps.map((step) => {
                const next = graph.data.connections.filter((c) => c.from === step.key);
                return (
                  <li key={step.key} className="min-w-0 py-3 first:pt-0 last:pb-0">
                    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <span className="font-medium text-zinc-900">{STEP_LABELS[step.type] ?? step.type}</span>
                      <code className="font-mono text-xs break-all text-zinc-500">{step.key}</code>
                    </p>
                    <p className="mt-1 font-mono text-xs break-all text-zinc-600">{JSON.stringify(step.config)}</p>
                    {next.length > 0 && (
                      <ul className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-zinc-600">
                        {next.map((c) => (
                          <li key={`${c.type}-${c.to}-${c.variant ?? ""}`}>
                            {connectionLabel(c)} → <code className="font-mono text-xs break-all">{c.to}</code>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
