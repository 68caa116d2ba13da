import Link from "next/link";
import { TEST_RUN_STEP_DELAY_MS } from "@/lib/automations/test-runs/test-run-timing";
import type { AutomationStep } from "@/lib/hooks/use-automations";
import type { TestRun } from "@/lib/hooks/use-automation-test-runs";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ClockIcon } from "@/components/ui/icons";
import { SandboxedFrame } from "@/components/ui/sandboxed-frame";
import { formatDelay } from "./automation-format";

/** Every delay of a test run is shortened to this many seconds. */
export const TEST_RUN_SECONDS = TEST_RUN_STEP_DELAY_MS / 1000;

const STEP_TONES: Record<TestRun["steps"][number]["status"], BadgeTone> = {
  pending: "neutral",
  sent: "success",
  failed: "danger",
  skipped: "neutral",
};
const STEP_LABELS: Record<TestRun["steps"][number]["status"], string> = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
  skipped: "Not sent",
};

export function RunStep({
  index,
  step,
  source,
  email,
}: {
  index: number;
  step: TestRun["steps"][number];
  source: AutomationStep | undefined;
  email: TestRun["emails"][number] | undefined;
}) {
  const wait = step.delayMinutes === 0 ? "Immediately" : `${formatDelay(step.delayMinutes)} → ${TEST_RUN_SECONDS} s`;
  return (
    <li className="overflow-hidden rounded-lg border border-zinc-200 bg-white" data-testid="test-run-step" data-status={step.status}>
      <div className="flex items-center gap-3 px-3 py-2.5">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-xs font-semibold text-zinc-600">
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          {/* Until it is sent, the step's own subject, variables and all. */}
          <p className={`truncate text-sm font-medium ${email ? "text-zinc-900" : "text-zinc-500"}`} data-testid="test-run-subject">
            {email ? email.subject : source?.subject || (source?.templateId ? "Template email" : "Email")}
          </p>
          <p className="flex items-center gap-1 text-xs text-zinc-500">
            <ClockIcon className="size-3" />
            {wait}
          </p>
        </div>
        {email?.inboxMessageId && (
          <Link
            href={`/inbox?message=${encodeURIComponent(email.inboxMessageId)}`}
            className="text-xs font-medium text-brand-700 hover:underline"
          >
            In the dev inbox
          </Link>
        )}
        <Badge tone={STEP_TONES[step.status]} dot>
          {STEP_LABELS[step.status]}
        </Badge>
      </div>
      {email && (
        <div className="border-t border-zinc-100">
          <SandboxedFrame title={`Email ${index + 1}: ${email.subject}`} html={email.html ?? ""} width={600} height={180} fitNarrowBox />
        </div>
      )}
    </li>
  );
}
