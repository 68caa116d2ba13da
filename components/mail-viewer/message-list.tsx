import type { ReactNode } from "react";
import { useNow } from "@/lib/hooks/use-now";
import { cn } from "@/lib/ui/cn";
import { formatDateTime, formatRelative } from "@/lib/ui/format-date";

/** What a row of the message list shows: sender, subject, when, and one line of detail. */
export interface MessageListItem {
  id: string;
  from: string;
  subject: string | null;
  /** ISO time the message arrived. */
  date: string;
  detail: ReactNode;
}

interface MessageListProps {
  label: string;
  items: MessageListItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Display name of "Ada <ada@x.test>", else the address. */
export function senderName(from: string) {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>/.exec(from);
  return match ? match[1] || match[2] : from;
}

/** A mail client's message list: one button per message, the selected one marked with aria-current. */
export function MessageList({ label, items, selectedId, onSelect }: MessageListProps) {
  const now = useNow();
  return (
    <ul aria-label={label} className="divide-y divide-zinc-100">
      {items.map((message) => {
        const selected = message.id === selectedId;
        return (
          <li key={message.id}>
            <button
              type="button"
              onClick={() => onSelect(message.id)}
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
                <time dateTime={message.date} title={formatDateTime(message.date)} className="shrink-0 text-xs text-zinc-500">
                  {formatRelative(message.date, now)}
                </time>
              </span>
              <span className="mt-0.5 block truncate text-[13px] text-zinc-800">{message.subject || "(no subject)"}</span>
              <span className="mt-0.5 block truncate text-xs text-zinc-500">{message.detail}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
