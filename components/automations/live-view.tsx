"use client";

import { useMemo, useState } from "react";
import { useNow } from "@/lib/hooks/use-now";
import { useServerClockOffset } from "@/lib/hooks/use-server-clock";
import {
  useAutomation,
  useEnrollments,
  useRetryEnrollment,
  useStepFunnel,
  type Automation,
  type Enrollment,
} from "@/lib/hooks/use-automations";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { UsersIcon } from "@/components/contacts/contact-icons";
import { delayLabel } from "./automation-format";
import { funnelTotals, StepFunnelTable } from "./step-funnel-table";

const PAGE_SIZE = 20;
const POLL_MS = 5000;
const STATUSES = ["active", "completed", "cancelled", "failed"] as const;
const STATUS_TONES: Record<string, BadgeTone> = { active: "info", completed: "success", cancelled: "neutral", failed: "danger" };
const STATUS_LABELS: Record<string, string> = { active: "In progress", completed: "Completed", cancelled: "Cancelled", failed: "Failed" };

/** The status badge; a failed enrollment gets a Retry button, one waiting for credits says so. */
function EnrollmentStatus({ enrollment, automationId }: { enrollment: Enrollment; automationId: string }) {
  const retry = useRetryEnrollment(automationId);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={enrollment.waitingFor ? "warning" : STATUS_TONES[enrollment.status]} dot title={enrollment.lastError ?? undefined}>
        {enrollment.waitingFor === "credits" ? "Waiting for credits" : (STATUS_LABELS[enrollment.status] ?? enrollment.status)}
      </Badge>
      {enrollment.status === "failed" && (
        <Button size="sm" variant="secondary" loading={retry.isPending} onClick={() => retry.mutate(enrollment.id)}>
          Retry
        </Button>
      )}
      {retry.isError && <span className="text-xs text-red-600">{errorMessage(retry.error)}</span>}
    </div>
  );
}

function Progress({ enrollment, stepCount }: { enrollment: Enrollment; stepCount: number }) {
  if (enrollment.status === "completed") return <span className="text-zinc-500">All {stepCount} sent</span>;
  const k = Math.min(enrollment.nextPosition + 1, stepCount);
  const done = Math.min(enrollment.nextPosition, stepCount);
  return (
    <div className="flex items-center gap-2">
      <div className="h-1.5 w-20 overflow-hidden rounded-full bg-zinc-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${stepCount ? (done / stepCount) * 100 : 0}%` }} />
      </div>
      <span className="text-zinc-700">
        {enrollment.status === "active" ? `Step ${k} of ${stepCount}` : `Stopped at step ${k} of ${stepCount}`}
      </span>
    </div>
  );
}

export function LiveView({ automation: initial }: { automation: Automation }) {
  // Counts move while the page is open: poll the automation, its enrollments and the per-step funnel.
  const { data: automation = initial } = useAutomation(initial.id, { refetchInterval: POLL_MS });
  const [status, setStatus] = useState<string>("");
  const [offset, setOffset] = useState(0);
  const enrollments = useEnrollments(automation.id, { status: status || undefined, limit: PAGE_SIZE, offset }, POLL_MS);
  const funnel = useStepFunnel(automation.id, POLL_MS);
  const waitingByStep = useMemo(() => new Map(funnel.data?.steps.map((s) => [s.stepId, s.waiting])), [funnel.data]);
  const stats = automation.stats;
  // "Enrolled 2 hours ago" on the service's clock, which a test clock may have moved ahead.
  const clockOffset = useServerClockOffset() ?? 0;
  const now = useNow() + clockOffset;
  const cards = [
    { label: "In progress", value: stats.active, tone: "text-sky-700" },
    { label: "Completed", value: stats.completed, tone: "text-emerald-700" },
    { label: "Cancelled", value: stats.cancelled, tone: "text-zinc-700" },
    { label: "Failed", value: stats.failed, tone: "text-red-700" },
  ];
  // All steps together, summed from the funnel so both read the same (polled) numbers.
  const totals = useMemo(() => (funnel.data ? funnelTotals(funnel.data) : undefined), [funnel.data]);
  const maxWaiting = Math.max(1, ...automation.steps.map((s) => waitingByStep.get(s.id) ?? 0));

  return (
    <div className="space-y-6" data-testid="live-view">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl border border-zinc-200 bg-white px-4 py-3 shadow-card">
            <dt className="text-xs font-medium text-zinc-500">{card.label}</dt>
            <dd
              className={`mt-1 text-2xl font-semibold tabular-nums ${card.value > 0 ? card.tone : "text-zinc-900"}`}
              data-testid={`stat-${card.label.toLowerCase().replace(" ", "-")}`}
            >
              {card.value}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="waiting-title" className="rounded-xl border border-zinc-200 bg-white p-4 shadow-card">
        <h2 id="waiting-title" className="text-sm font-semibold text-zinc-900">
          Waiting at each step
        </h2>
        <p className="mt-0.5 text-[13px] text-zinc-500">Contacts in progress, by the email they get next.</p>
        {funnel.isError && !funnel.data ? (
          <Alert tone="error" className="mt-3">
            {errorMessage(funnel.error)}
          </Alert>
        ) : (
          <ol className="mt-3 space-y-2">
            {automation.steps.map((step, index) => {
              const count = waitingByStep.get(step.id) ?? 0;
              return (
                <li key={step.id} className="grid grid-cols-[5rem_minmax(0,1fr)_8rem_3rem] items-center gap-3 text-[13px]">
                  <span className="font-medium text-zinc-900">Email {index + 1}</span>
                  <span className="truncate text-zinc-600" title={step.subject ?? undefined}>
                    {step.subject ?? "Template email"}{" "}
                    <span className="text-zinc-500">· {delayLabel(step.delayMinutes).toLowerCase()}</span>
                  </span>
                  <span className="h-2 overflow-hidden rounded-full bg-zinc-100" aria-hidden="true">
                    <span className="block h-full rounded-full bg-sky-500" style={{ width: `${(count / maxWaiting) * 100}%` }} />
                  </span>
                  <span className="text-right font-medium tabular-nums text-zinc-900" data-testid={`waiting-${index + 1}`}>
                    {funnel.isPending ? <Skeleton className="ml-auto h-4 w-6" /> : count}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <section aria-labelledby="delivery-title" className="rounded-xl border border-zinc-200 bg-white p-4 shadow-card">
        <h2 id="delivery-title" className="text-sm font-semibold text-zinc-900">
          Emails sent by this automation
        </h2>
        <p className="mt-0.5 text-[13px] text-zinc-500">All steps together. Opens and clicks count each contact once.</p>
        {funnel.isError && !funnel.data ? (
          <Alert tone="error" className="mt-3">
            {errorMessage(funnel.error)}
          </Alert>
        ) : (
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              { label: "Sent", value: totals?.sent, rate: null },
              { label: "Delivered", value: totals?.delivered, rate: totals?.rates.delivered },
              { label: "Opened", value: totals?.opened, rate: totals?.rates.opened },
              { label: "Clicked", value: totals?.clicked, rate: totals?.rates.clicked },
            ].map((item) => (
              <div key={item.label}>
                <dt className="text-xs text-zinc-500">{item.label}</dt>
                <dd className="mt-0.5 text-lg font-semibold tabular-nums text-zinc-900">
                  {item.value ?? <Skeleton className="h-6 w-10" />}
                  {item.rate != null && item.value != null && (totals?.sent ?? 0) > 0 && (
                    <span className="ml-1.5 text-xs font-normal text-zinc-500">{Math.round(item.rate * 100)}%</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="funnel-title" className="rounded-xl border border-zinc-200 bg-white p-4 shadow-card">
        <h2 id="funnel-title" className="text-sm font-semibold text-zinc-900">
          Funnel by step
        </h2>
        <p className="mt-0.5 text-[13px] text-zinc-500">
          Each email from sent to clicked. Opens and clicks count each contact once; test runs are left out.
        </p>
        {funnel.isError && !funnel.data ? (
          <Alert tone="error" className="mt-3">
            {errorMessage(funnel.error)}
          </Alert>
        ) : (
          <StepFunnelTable funnel={funnel.data} pending={funnel.isPending} />
        )}
      </section>

      <section aria-labelledby="enrollments-title">
        <div className="mb-3 flex items-end justify-between gap-3">
          <div>
            <h2 id="enrollments-title" className="text-sm font-semibold text-zinc-900">
              Enrollments
            </h2>
            <p className="mt-0.5 text-[13px] text-zinc-500">Every contact this automation has picked up, newest first.</p>
          </div>
          <div className="w-44">
            <Select
              aria-label="Filter by status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value);
                setOffset(0);
              }}
            >
              <option value="">All statuses</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {enrollments.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : enrollments.isError && !enrollments.data ? (
          <Alert tone="error" title="Could not load the enrollments">
            {errorMessage(enrollments.error)}
          </Alert>
        ) : enrollments.data.data.length === 0 ? (
          <EmptyState
            icon={UsersIcon}
            title={status ? `No ${STATUS_LABELS[status].toLowerCase()} enrollments` : "No one enrolled yet"}
            description={
              automation.status === "active"
                ? "Contacts are enrolled when the trigger fires from now on; nothing is backfilled."
                : "Activate the automation: contacts are enrolled when the trigger fires after that."
            }
          />
        ) : (
          <>
            <Table>
              <caption className="sr-only">Enrollments</caption>
              <TableHeader>
                <tr>
                  <TableHead>Contact</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Progress</TableHead>
                  <TableHead>Next email</TableHead>
                  <TableHead className="text-right">Enrolled</TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {enrollments.data.data.map((enrollment) => (
                  <TableRow key={enrollment.id}>
                    <TableCell className="max-w-60">
                      <span className="block truncate font-medium text-zinc-900">
                        {enrollment.contact.name || enrollment.contact.email}
                      </span>
                      {enrollment.contact.name && <span className="block truncate text-xs text-zinc-500">{enrollment.contact.email}</span>}
                    </TableCell>
                    <TableCell>
                      <EnrollmentStatus enrollment={enrollment} automationId={automation.id} />
                    </TableCell>
                    <TableCell>
                      <Progress enrollment={enrollment} stepCount={automation.steps.length} />
                    </TableCell>
                    <TableCell className="text-zinc-500">
                      {enrollment.status === "active" && enrollment.nextStepAt ? (
                        <span title={formatDateTime(enrollment.nextStepAt)}>{formatDateTime(enrollment.nextStepAt)}</span>
                      ) : (
                        "—"
                      )}
                    </TableCell>
                    <TableCell className="text-right text-zinc-500">
                      <span title={formatDateTime(enrollment.enrolledAt)}>{formatRelative(enrollment.enrolledAt, now)}</span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              limit={PAGE_SIZE}
              offset={offset}
              total={enrollments.data.pagination.total}
              onOffsetChange={setOffset}
              noun="enrollments"
            />
          </>
        )}
      </section>
    </div>
  );
}
