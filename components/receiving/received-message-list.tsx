import type { ReceivedEmailSummary } from "@/lib/hooks/use-received-emails";
import { useNow } from "@/lib/hooks/use-now";
import { cn } from "@/lib/ui/cn";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";

/** Display name of "Ada <ada@x.test>", else the address. */
function senderName(from: string) {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>/.exec(from);
  return match ? match[1] || match[2] : from;
}

export function ReceivedMessageList(props: {
  messages: ReceivedEmailSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const now = useNow();
  return (
    <ul aria-label="Received messages" className="divide-y divide-zinc-100">
      {props.messages.map((message) => {
        const selected = message.id === props.selectedId;
        return (
          <li key={message.id}>
            <button
              type="button"
              onClick={() => props.onSelect(message.id)}
              aria-current={selected ? "true" : undefined}
              className={cn(
                "relative block w-full cursor-pointer px-4 py-3 text-left transition-colors",
                "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500",
                selected ? "bg-brand-50/70" : "hover:bg-zinc-50",
              )}
            >
              {selected && <span aria-hidden="true" className="absolute inset-y-0 left-0 w-0.5 bg-brand-500" />}
              <span className="flex items-baseline justify-between gap-3">
                <span className="truncate text-[13px] font-semibold text-zinc-900">{senderName(message.from)}</span>
                <time dateTime={message.created_at} title={formatDateTime(message.created_at)} className="shrink-0 text-xs text-zinc-500">
                  {formatRelative(message.created_at, now)}
                </time>
              </span>
              <span className="mt-0.5 block truncate text-[13px] text-zinc-800">{message.subject || "(no subject)"}</span>
              <span className="mt-0.5 block truncate text-xs text-zinc-500">
                For {message.received_for.join(", ")}
                {message.attachments.length > 0 &&
                  ` · ${message.attachments.length} attachment${message.attachments.length === 1 ? "" : "s"}`}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
