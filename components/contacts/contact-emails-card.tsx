"use client";

import Link from "next/link";
import { useContactActivity } from "@/lib/hooks/use-contacts";
import { useNow } from "@/lib/hooks/use-now";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { cn } from "@/lib/ui/cn";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { eventLook } from "@/components/emails/event-types";
import { RecipientStatusBadge } from "@/components/emails/recipient-status-badge";

const LIMIT = 10;

// Text chips, so a shade darker than the timeline's icon colours (WCAG AA contrast at 12 px).
const CHIP_TONES = {
  neutral: "bg-zinc-100 text-zinc-700 ring-zinc-200",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  danger: "bg-red-50 text-red-700 ring-red-200",
  brand: "bg-brand-50 text-brand-700 ring-brand-200",
  info: "bg-sky-50 text-sky-800 ring-sky-200",
  orange: "bg-orange-50 text-orange-800 ring-orange-200",
} as const;

const ENROLLMENT_LOOK = {
  active: { tone: "info", label: "In progress" },
  completed: { tone: "success", label: "Completed" },
  cancelled: { tone: "neutral", label: "Cancelled" },
  failed: { tone: "danger", label: "Failed" },
} as const;

/** The emails sent to this contact, newest first, each with what happened to it. */
export function ContactEmailsCard({ contactId }: { contactId: string }) {
  const activity = useContactActivity(contactId, LIMIT);
  const now = useNow();
  const emails = activity.data?.emails;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Emails</CardTitle>
        <CardDescription>The latest {LIMIT} emails sent to this address, with their delivery, opens and clicks.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Skeleton className="h-20" />
        ) : activity.isError ? (
          <Alert tone="error">{errorMessage(activity.error)}</Alert>
        ) : !emails?.length ? (
          <p className="text-sm text-zinc-500">No emails sent to this contact yet.</p>
        ) : (
          <ul className="divide-y divide-zinc-100" aria-label="Emails to this contact">
            {emails.map((email) => (
              <li key={email.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <Link
                    href={`/emails/${email.id}`}
                    className="min-w-0 truncate text-sm font-medium text-zinc-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    {email.subject || "(no subject)"}
                  </Link>
                  <span className="flex shrink-0 items-center gap-2">
                    <RecipientStatusBadge status={email.status} />
                    <time className="text-xs text-zinc-500" dateTime={email.createdAt} title={formatDateTime(email.createdAt)}>
                      {formatRelative(email.createdAt, now)}
                    </time>
                  </span>
                </div>
                {email.events.length > 0 && (
                  <ol className="mt-2 flex flex-wrap gap-1.5" aria-label={`Events of ${email.subject || "the email"}`}>
                    {email.events.map((event) => {
                      const look = eventLook(event.type);
                      return (
                        <li
                          key={event.id}
                          title={formatDateTime(event.createdAt)}
                          className={cn(
                            "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
                            CHIP_TONES[look.tone],
                          )}
                        >
                          <look.icon className="size-3" aria-hidden="true" />
                          {look.label}
                        </li>
                      );
                    })}
                  </ol>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The automations this contact is (or was) in. */
export function ContactEnrollmentsCard({ contactId }: { contactId: string }) {
  const activity = useContactActivity(contactId, LIMIT);
  const now = useNow();
  const enrollments = activity.data?.enrollments;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Automations</CardTitle>
        <CardDescription>Enrollments of this contact, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Skeleton className="h-12" />
        ) : activity.isError ? (
          <Alert tone="error">{errorMessage(activity.error)}</Alert>
        ) : !enrollments?.length ? (
          <p className="text-sm text-zinc-500">Not in any automation.</p>
        ) : (
          <ul className="space-y-3" aria-label="Automation enrollments">
            {enrollments.map((enrollment) => {
              const look = ENROLLMENT_LOOK[enrollment.status];
              return (
                <li key={enrollment.id} className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link
                      href={`/automations/${enrollment.automationId}`}
                      className="block truncate text-sm font-medium text-zinc-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      {enrollment.automationName}
                    </Link>
                    <time className="text-xs text-zinc-500" dateTime={enrollment.enrolledAt} title={formatDateTime(enrollment.enrolledAt)}>
                      Enrolled {formatRelative(enrollment.enrolledAt, now)}
                    </time>
                  </div>
                  <Badge tone={look.tone} dot>
                    {look.label}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
