"use client";

import { useState } from "react";
import type { Automation } from "@/lib/hooks/use-automations";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FlaskIcon } from "./automation-icons";
import { TEST_RUN_SECONDS } from "./test-run-step";
import { TestRunStartForm } from "./test-run-start-form";
import { TestRunView } from "./test-run-view";

/** The header's "Test run" button and its dialog: start a run, then watch its emails arrive in order. */
/** `prepare` runs before the dialog opens (the builder saves pending edits: a run uses the saved automation). */
export function TestRunPanel({ automation, prepare }: { automation: Automation; prepare?: () => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const noSteps = automation.steps.length === 0;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        disabled={noSteps}
        title={noSteps ? "Add a step to test the automation" : "Send every step to a test contact in seconds, into the dev inbox"}
        onClick={async () => {
          if (!prepare || (await prepare())) setOpen(true);
        }}
      >
        <FlaskIcon />
        Test run
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Test run"
        description={
          <>
            Every step of the saved automation, for one test contact, with each delay shortened to {TEST_RUN_SECONDS} seconds. The emails go
            only to the dev inbox: no credits, analytics, webhooks or real contacts are touched.
          </>
        }
        // Wider than a form dialog: the emails render at a readable width.
        className="sm:max-w-3xl"
      >
        {runId ? (
          <TestRunView automation={automation} runId={runId} onRestart={() => setRunId(null)} onClose={() => setOpen(false)} />
        ) : (
          <TestRunStartForm automation={automation} onStarted={setRunId} onClose={() => setOpen(false)} />
        )}
      </Dialog>
    </>
  );
}
