"use client";

import { useTemplate } from "@/lib/hooks/use-templates";
import { useCancelBroadcast, type Broadcast } from "@/lib/hooks/use-broadcasts";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TemplatePreview } from "@/components/templates/template-preview";
import { BroadcastBackLink } from "./broadcast-back-link";
import { BroadcastStatusBadge } from "./broadcast-status-badge";
import { AbTestResults } from "./ab-test-results";
import { BroadcastActivity } from "./broadcast-activity";

const STATS = [
  ["recipients", "Recipients"],
  ["sent", "Sent"],
  ["delivered", "Delivered"],
  ["opened", "Opened"],
  ["clicked", "Clicked"],
  ["bounced", "Bounced"],
  ["unsubscribed", "Unsubscribed"],
  ["skipped", "Skipped"],
] as const;

const rate = (n: number, of: number) => (of ? `${Math.round((n / of) * 1000) / 10}%` : "");

/** A broadcast past its draft: when it went (or goes) out, its live stats, and what it said. */
export function BroadcastReport({ broadcast }: { broadcast: Broadcast }) {
  const cancel = useCancelBroadcast(broadcast.id);
  const { stats } = broadcast;
  // What the members get: fixed when the fan-out started; before that (scheduled), the
  // template's published content when the broadcast uses one, else its own.
  const template = useTemplate(broadcast.templateId ?? "", { enabled: !broadcast.sent && !!broadcast.templateId });
  const content =
    broadcast.sent ??
    (broadcast.templateId
      ? { subject: template.data?.subject ?? broadcast.subject, html: template.data?.htmlBody ?? null, text: null }
      : broadcast);
  // A scheduled broadcast, or one waiting for its A/B test's winner, can still be stopped.
  const cancellable =
    broadcast.status === "scheduled" ||
    (broadcast.status === "sending" && !!broadcast.abTestResult?.endsAt && !broadcast.abTestResult.winner);
  const when =
    broadcast.status === "scheduled" && broadcast.scheduledAt
      ? `Scheduled for ${formatDateTime(broadcast.scheduledAt)}`
      : broadcast.startedAt
        ? `Started ${formatDateTime(broadcast.startedAt)}${broadcast.finishedAt ? ` · finished ${formatDateTime(broadcast.finishedAt)}` : ""}`
        : null;
  return (
    <>
      <BroadcastBackLink />
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-zinc-900">{broadcast.name}</h1>
            <BroadcastStatusBadge broadcast={broadcast} />
          </div>
          <p className="mt-1.5 text-sm text-zinc-500">
            To {broadcast.listName ?? "a deleted list"} from {broadcast.from}
            {when && <> · {when}</>}
          </p>
        </div>
        {cancellable && (
          <Button variant="danger-ghost" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel broadcast
          </Button>
        )}
      </div>
      {cancel.isError && (
        <Alert tone="error" className="mb-6">
          {errorMessage(cancel.error)}
        </Alert>
      )}
      {broadcast.lastError && (
        <Alert
          tone={broadcast.status === "failed" ? "error" : "warning"}
          title={broadcast.status === "failed" ? "The broadcast failed" : "Retrying"}
          className="mb-6"
        >
          {broadcast.lastError}
        </Alert>
      )}
      <dl className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Broadcast stats">
        {STATS.map(([key, label]) => (
          <div key={key} className="rounded-xl border border-zinc-200 bg-white px-4 py-3 shadow-card">
            <dt className="text-xs font-medium text-zinc-500">{label}</dt>
            <dd className="mt-1 flex items-baseline gap-2">
              <span className="text-2xl font-semibold text-zinc-900 tabular-nums" data-testid={`stat-${key}`}>
                {stats[key].toLocaleString()}
              </span>
              {["delivered", "opened", "clicked", "bounced", "unsubscribed"].includes(key) && (
                <span className="text-xs text-zinc-500">{rate(stats[key], stats.recipients)}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <AbTestResults broadcast={broadcast} />
      {broadcast.startedAt && <BroadcastActivity broadcast={broadcast} />}
      <TemplatePreview
        title="Content"
        status={<span className="text-xs text-zinc-500">As written: each member&rsquo;s copy has their own values.</span>}
        frameTitle="Broadcast content"
        subject={content.subject}
        html={content.html ?? `<pre>${(content.text ?? "").replace(/</g, "&lt;")}</pre>`}
        error={null}
      />
    </>
  );
}
