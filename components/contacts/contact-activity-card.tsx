"use client";

import { useNow } from "@/lib/hooks/use-now";
import { useContactEvents } from "@/lib/hooks/use-events";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The contact's events (POST /api/v1/events), newest first, with their properties. */
export function ContactActivityCard({ contactId }: { contactId: string }) {
  const events = useContactEvents(contactId);
  const now = useNow();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>Events recorded for this contact; each can start the automations triggered by its name.</CardDescription>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <Skeleton className="h-12" />
        ) : events.isError ? (
          <Alert tone="error">{errorMessage(events.error)}</Alert>
        ) : events.data.data.length === 0 ? (
          <p className="text-sm text-zinc-500">No events yet.</p>
        ) : (
          <ol className="space-y-3" aria-label="Contact events">
            {events.data.data.map((event) => (
              <li key={event.id} className="border-l-2 border-brand-200 pl-3">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-mono text-[13px] font-medium text-zinc-900">{event.name}</span>
                  <time className="shrink-0 text-xs text-zinc-500" dateTime={event.createdAt} title={formatDateTime(event.createdAt)}>
                    {formatRelative(event.createdAt, now)}
                  </time>
                </div>
                {Object.keys(event.properties).length > 0 && (
                  <p className="mt-0.5 text-xs break-words text-zinc-500">
                    {Object.entries(event.properties)
                      .map(([k, v]) => `${k}: ${String(v)}`)
                      .join(" · ")}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
