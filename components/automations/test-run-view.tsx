"use client";

import Link from "next/link";
import type { Automation } from "@/lib/hooks/use-automations";
import { useTestRun, type TestRun } from "@/lib/hooks/use-automation-test-runs";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { DialogBody, DialogFooter } from "@/components/ui/dialog";
import { InboxIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { RunStep } from "./test-run-step";

const RUN_TONES: Record<TestRun["status"], BadgeTone> = { running: "info", completed: "success", failed: "danger", cancelled: "warning" };
const RUN_LABELS: Record<TestRun["status"], string> = {
  running: "Running",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Stopped",
};
/** A started test run, refreshed as its emails go out, each step with the email it sent. */
export function TestRunView({
  automation,
  runId,
  onRestart,
  onClose,
}: {
  automation: Automation;
  runId: string;
  onRestart: () => void;
  onClose: () => void;
}) {
  const run = useTestRun(automation.id, runId);
  if (run.isPending)
    return (
      <DialogBody className="space-y-3 pb-6" aria-busy="true">
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-40 w-full" />
      </DialogBody>
    );
  if (run.isError)
    return (
      <DialogBody className="pb-6">
        <Alert tone="error" title="Could not load the test run">
          {errorMessage(run.error)}
        </Alert>
      </DialogBody>
    );
  const data = run.data;
  const sent = data.steps.filter((step) => step.status === "sent").length;
  const emails = new Map(data.emails.map((email) => [email.id, email]));
  return (
    <>
      <DialogBody className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-zinc-50 px-3 py-2.5 text-[13px]">
          <p className="min-w-0 text-zinc-600">
            To{" "}
            <span className="font-medium text-zinc-900">
              {data.contact.name ? `${data.contact.name} <${data.contact.email}>` : data.contact.email}
            </span>
            {data.contact.contactId ? " (a copy of the contact)" : " (made up)"}
          </p>
          <span className="flex items-center gap-2">
            <span className="text-zinc-500" aria-live="polite">
              {sent} of {data.steps.length} sent
            </span>
            <Badge tone={RUN_TONES[data.status]} dot data-testid="test-run-status">
              {RUN_LABELS[data.status]}
            </Badge>
          </span>
        </div>
        {data.contact.note && <Alert tone="warning">{data.contact.note}</Alert>}
        {data.error && (
          <Alert tone="error" title={data.status === "failed" ? "The run stopped" : "Last error"}>
            {data.error}
          </Alert>
        )}
        <ol className="space-y-3" aria-label="Test run steps">
          {data.steps.map((step, i) => (
            <RunStep
              key={step.id}
              index={i}
              step={step}
              source={automation.steps.find((s) => s.id === step.id)}
              email={step.emailId ? emails.get(step.emailId) : undefined}
            />
          ))}
        </ol>
      </DialogBody>
      <DialogFooter className="sm:justify-between">
        <Link href="/inbox" className={buttonClasses({ variant: "ghost" })}>
          <InboxIcon />
          Open the dev inbox
        </Link>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onRestart}>
            New test run
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogFooter>
    </>
  );
}
