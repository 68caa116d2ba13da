"use client";

import { useState } from "react";
import { useEnrollments, useRetryEnrollment, type Automation, type Enrollment } from "@/lib/hooks/use-automations";
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

const PAGE_SIZE = 20;
export const POLL_MS = 5000;
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

/** Every contact the automation has picked up, filtered by status; `now` is on the service's clock. */
export function LiveEnrollments({ automation, now }: { automation: Automation; now: number }) {
  const [status, setStatus] = useState<string>("");
  const [offset, setOffset] = useState(0);
  const enrollments = useEnrollments(automation.id, { status: status || undefined, limit: PAGE_SIZE, offset }, POLL_MS);
  return (
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
                    <span className="block truncate font-medium text-zinc-900">{enrollment.contact.name || enrollment.contact.email}</span>
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
  );
}
