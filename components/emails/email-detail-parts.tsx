import type { ReactNode } from "react";
import Link from "next/link";
import type { EmailDetail } from "@/lib/hooks/use-emails";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { ChevronLeftIcon } from "@/components/ui/icons";

export function BackLink() {
  return (
    <Link
      href="/emails"
      className="mb-4 inline-flex items-center gap-1 rounded-md text-[13px] font-medium text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ChevronLeftIcon />
      Emails
    </Link>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3 py-2 text-[13px]">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="min-w-0 break-words text-zinc-900">{children}</dd>
    </div>
  );
}

export function Addresses({ list }: { list: string[] }) {
  return list.length ? <>{list.join(", ")}</> : <span className="text-zinc-500">None</span>;
}

export function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-card">
      <div className="flex items-center justify-between gap-2 border-b border-zinc-100 px-5 py-3">
        <h2 className="text-[13px] font-semibold text-zinc-900">{title}</h2>
        {aside}
      </div>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

/** One line about an outcome the user should notice before reading the timeline. */
export function StatusNote({ email }: { email: EmailDetail }) {
  if (email.status === "cancelled") {
    return (
      <Alert tone="info" title="Cancelled before its send time">
        Nothing was sent, and the credits it used were refunded to your balance.
      </Alert>
    );
  }
  if (email.status === "scheduled" && email.scheduled_at) {
    return (
      <Alert tone="info" title={`Scheduled for ${formatDateTime(email.scheduled_at)}`}>
        It goes out {formatRelative(email.scheduled_at)}. Until then you can cancel it and get its credits back.
      </Alert>
    );
  }
  if (email.partially_bounced && email.status !== "complained") {
    const bounced = email.recipients.filter((r) => r.status === "bounced").map((r) => r.email);
    return (
      <Alert tone="warning" title="Partially bounced">
        Not delivered to {bounced.join(", ")}; the other recipients were not refused. See the timeline for the receiving server&apos;s
        answer. Hard-bounced addresses are added to your suppression list.
      </Alert>
    );
  }
  if (email.status === "bounced" || email.status === "suppressed" || email.status === "complained") {
    return (
      <Alert
        tone="warning"
        title={email.status === "complained" ? "A recipient marked this email as spam" : "Not delivered to every recipient"}
      >
        {email.status === "complained"
          ? "The address is now on your suppression list: Mailwright will not send to it again."
          : "See the timeline for the receiving server's answer. Hard-bounced addresses are added to your suppression list."}
      </Alert>
    );
  }
  return null;
}
