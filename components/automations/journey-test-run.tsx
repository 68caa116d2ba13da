"use client";

import { useState } from "react";
import Link from "next/link";
import { useResumeTestRun, useStartTestRun, useTestRun, type TestRun } from "@/lib/hooks/use-automation-test-runs";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FlaskIcon } from "./automation-icons";
import { STEP_LABELS, type JourneyStep } from "./journey-format";

/** "plan=pro" lines as properties: true/false as booleans, numbers as numbers, the rest as text. */
export function parsePropertyLines(text: string): { properties: Record<string, string | number | boolean>; error: string | null } {
  const properties: Record<string, string | number | boolean> = {};
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.indexOf("=");
    if (at < 1) return { properties, error: `line ${i + 1}: write it as name=value` };
    const value = line.slice(at + 1).trim();
    properties[line.slice(0, at).trim()] =
      value === "true" ? true : value === "false" ? false : value !== "" && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return { properties, error: null };
}

/** What a step of the run decided, in words. */
function outcomeOf(step: TestRun["path"][number]): string {
  const o = (step.output ?? {}) as Record<string, unknown>;
  if (step.status === "waiting") return o.eventName ? `waiting for ${String(o.eventName)}` : "waiting";
  if (step.type === "condition") return o.result ? "yes" : "no";
  if (step.type === "split") return `variant ${String(o.variant)}`;
  if (step.type === "wait_for_event") return o.timedOut ? "timed out" : `got ${String(o.event)}`;
  return step.status;
}

/**
 * The journey's "Test run" button and dialog: a made-up contact with the properties the
 * conditions read, then the path its run takes; at a wait the tester sends the event or skips
 * it (the timeout path), at a delay skips it. Emails go only to the dev inbox.
 */
export function JourneyTestRun({ automationId, steps }: { automationId: string; steps: JourneyStep[] }) {
  const [open, setOpen] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} title="Run the saved journey for a test contact, into the dev inbox">
        <FlaskIcon />
        Test run
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Test run"
        description="The saved journey for one made-up contact: conditions read its properties, delays take seconds, and at each wait you send the event or skip it. Emails go only to the dev inbox."
        className="sm:max-w-2xl"
      >
        {runId ? (
          <RunView automationId={automationId} runId={runId} steps={steps} onRestart={() => setRunId(null)} />
        ) : (
          <StartForm automationId={automationId} onStarted={setRunId} />
        )}
      </Dialog>
    </>
  );
}

function StartForm({ automationId, onStarted }: { automationId: string; onStarted: (id: string) => void }) {
  const start = useStartTestRun(automationId);
  const [email, setEmail] = useState("tester@example.com");
  const [name, setName] = useState("");
  const [lines, setLines] = useState("");
  const parsed = parsePropertyLines(lines);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (parsed.error) return;
        const run = await start.mutateAsync({ email, name: name || null, properties: parsed.properties }).catch(() => null);
        if (run) onStarted(run.id);
      }}
      noValidate
    >
      <DialogBody className="space-y-4">
        {start.isError && <Alert tone="error">{errorMessage(start.error)}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="journey-test-email" label="Email">
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          </Field>
          <Field id="journey-test-name" label="Name">
            <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" placeholder="Jane" />
          </Field>
        </div>
        <Field
          id="journey-test-properties"
          label="Properties"
          error={parsed.error ?? undefined}
          hint="One per line, such as plan=pro or seats=5."
        >
          <textarea
            value={lines}
            onChange={(e) => setLines(e.target.value)}
            rows={3}
            spellCheck={false}
            className="block w-full rounded-lg border border-zinc-300 px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-brand-500"
          />
        </Field>
      </DialogBody>
      <DialogFooter>
        <Button type="submit" loading={start.isPending} disabled={Boolean(parsed.error)}>
          Start the test run
        </Button>
      </DialogFooter>
    </form>
  );
}

function RunView({
  automationId,
  runId,
  steps,
  onRestart,
}: {
  automationId: string;
  runId: string;
  steps: JourneyStep[];
  onRestart: () => void;
}) {
  const run = useTestRun(automationId, runId);
  const resume = useResumeTestRun(automationId, runId);
  const typeOf = new Map(steps.map((s) => [s.key, s.type]));
  if (!run.data) return <DialogBody>Starting…</DialogBody>;
  const current = run.data.path[run.data.path.length - 1];
  const atWait = run.data.status === "running" && current?.status === "waiting";
  return (
    <>
      <DialogBody className="space-y-4">
        <ol aria-label="Path taken" className="space-y-1.5">
          {run.data.path.map((step, i) => (
            <li key={`${step.key}-${i}`} className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="text-xs font-medium tracking-wide text-zinc-500 uppercase">
                {STEP_LABELS[typeOf.get(step.key) ?? "exit"] ?? step.type}
              </span>
              <code className="font-mono text-[13px] text-zinc-900">{step.key}</code>
              <span className="text-zinc-600" data-testid={`test-run-outcome-${step.key}`}>
                {outcomeOf(step)}
              </span>
            </li>
          ))}
        </ol>
        <p className="text-[13px] text-zinc-600" role="status">
          {run.data.status === "running" ? (atWait ? "The run is waiting." : "Running…") : `The run ${run.data.status}.`}
        </p>
        {atWait && (
          <div className="flex flex-wrap gap-2">
            {run.data.waitingFor && (
              <Button size="sm" loading={resume.isPending} onClick={() => resume.mutate({ event: run.data!.waitingFor! })}>
                Send “{run.data.waitingFor}”
              </Button>
            )}
            <Button size="sm" variant="secondary" loading={resume.isPending} onClick={() => resume.mutate({ skip: true })}>
              {run.data.waitingFor ? "Let it time out" : "Skip the delay"}
            </Button>
          </div>
        )}
        {resume.isError && <Alert tone="error">{errorMessage(resume.error)}</Alert>}
        {run.data.emails.length > 0 && (
          <ul aria-label="Emails sent" className="space-y-1 text-sm text-zinc-700">
            {run.data.emails.map((email) => (
              <li key={email.id}>Sent “{email.subject}”</li>
            ))}
          </ul>
        )}
      </DialogBody>
      <DialogFooter>
        <Link href="/inbox" className={buttonClasses({ variant: "ghost" })}>
          Open the dev inbox
        </Link>
        <Button variant="secondary" onClick={onRestart}>
          Another test run
        </Button>
      </DialogFooter>
    </>
  );
}
