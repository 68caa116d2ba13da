import type { ReactNode } from "react";
import type { EmailEvent } from "@/lib/hooks/use-emails";
import { cn } from "@/lib/ui/cn";
import { formatDateTime } from "@/lib/ui/format-date";
import { Badge } from "@/components/ui/badge";
import { SpinnerIcon } from "@/components/ui/icons";
import { EVENT_TONE_CLASSES, eventLook } from "./event-types";

type EventData = Record<string, unknown>;

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit" });

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

// Short facts sit beside their label; long ones (a server's answer, a URL, a user agent) take
// the full width under it, so they wrap as little as possible.
function Detail({ label, children, mono, long }: { label: string; children: ReactNode; mono?: boolean; long?: boolean }) {
  return (
    <div className={cn("min-w-0 text-xs", long ? "space-y-0.5" : "flex gap-2")}>
      <dt className={cn("text-zinc-500", !long && "w-20 shrink-0")}>{label}</dt>
      <dd className={cn("min-w-0 break-words text-zinc-700", mono && "font-mono text-[11px] leading-4")}>{children}</dd>
    </div>
  );
}

/** The facts an event carries that a person debugging a delivery wants to see. */
function EventDetails({ event }: { event: EmailEvent }) {
  const data = (event.data && typeof event.data === "object" ? event.data : {}) as EventData;
  const rows: ReactNode[] = [];
  const bounce = data.bounce as { type?: string; code?: number; message?: string } | undefined;
  if (bounce) {
    rows.push(
      <Detail key="bounce" label="Bounce">
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <Badge tone={bounce.type === "hard" ? "danger" : "warning"}>{bounce.type === "hard" ? "Hard" : "Soft"}</Badge>
          {bounce.code !== undefined && <span className="font-mono text-[11px]">{bounce.code}</span>}
        </span>
      </Detail>,
    );
    if (bounce.message)
      rows.push(
        <Detail key="bounce-message" label="Server's answer" mono long>
          {bounce.message}
        </Detail>,
      );
  } else if (text(data.smtp_response)) {
    rows.push(
      <Detail key="smtp" label="Server's answer" mono long>
        {text(data.smtp_response)}
      </Detail>,
    );
  }
  if (text(data.next_attempt_at))
    rows.push(
      <Detail key="retry" label="Next try">
        {formatDateTime(text(data.next_attempt_at)!)}
      </Detail>,
    );
  if (text(data.scheduled_at))
    rows.push(
      <Detail key="scheduled" label="Sends at">
        {formatDateTime(text(data.scheduled_at)!)}
      </Detail>,
    );
  if (text(data.link)) {
    rows.push(
      <Detail key="link" label="Link" mono long>
        <span className="break-all" title={text(data.link)!}>
          {text(data.link)}
        </span>
      </Detail>,
    );
  }
  if (text(data.user_agent))
    rows.push(
      <Detail key="ua" label="User agent" mono long>
        {text(data.user_agent)}
      </Detail>,
    );
  if (text(data.ip_address))
    rows.push(
      <Detail key="ip" label="IP address" mono>
        {text(data.ip_address)}
      </Detail>,
    );
  if (text(data.reason))
    rows.push(
      <Detail key="reason" label="Reason">
        {text(data.reason)}
      </Detail>,
    );
  if (text(data.feedback_type))
    rows.push(
      <Detail key="feedback" label="Report">
        {text(data.feedback_type)}
      </Detail>,
    );
  if (event.type === "email.cancelled")
    rows.push(
      <Detail key="refund" label="Credits">
        Refunded to your balance
      </Detail>,
    );
  if (rows.length === 0) return null;
  return <dl className="mt-2 space-y-1.5 rounded-lg bg-zinc-50 px-3 py-2 ring-1 ring-zinc-100">{rows}</dl>;
}

interface EmailTimelineProps {
  events: EmailEvent[];
  /** Shows a last "waiting" step, saying this, while the worker still has the email. */
  pending?: string | false;
  /** Name each event's recipient (an email to several people). */
  showRecipient?: boolean;
}

export function EmailTimeline({ events, pending, showRecipient }: EmailTimelineProps) {
  if (events.length === 0 && !pending) return <p className="text-[13px] text-zinc-500">No events yet.</p>;
  return (
    <ol aria-label="Event timeline" className="relative">
      {events.map((event, index) => {
        const look = eventLook(event.type);
        const last = index === events.length - 1 && !pending;
        return (
          <li key={event.id} className="relative flex gap-3 pb-5 last:pb-0">
            {!last && <span aria-hidden="true" className="absolute top-8 bottom-0 left-[13px] w-px bg-zinc-200" />}
            <span
              className={cn("relative flex size-7 shrink-0 items-center justify-center rounded-full ring-1", EVENT_TONE_CLASSES[look.tone])}
            >
              <look.icon className="size-3.5" />
            </span>
            <div className="min-w-0 flex-1 pt-0.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="text-[13px] font-medium text-zinc-900">{look.label}</p>
                <time dateTime={event.created_at} title={formatDateTime(event.created_at)} className="text-xs text-zinc-500 tabular-nums">
                  {timeFormat.format(new Date(event.created_at))}
                </time>
              </div>
              {showRecipient && event.recipient && <p className="truncate text-xs text-zinc-500">{event.recipient}</p>}
              <EventDetails event={event} />
            </div>
          </li>
        );
      })}
      {pending && (
        <li className="relative flex gap-3">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-white text-zinc-400 ring-1 ring-zinc-200 ring-dashed">
            <SpinnerIcon className="size-3.5" />
          </span>
          <p className="pt-1 text-[13px] text-zinc-500">{pending}</p>
        </li>
      )}
    </ol>
  );
}
