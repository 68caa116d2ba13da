"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import { cn } from "@/lib/ui/cn";

interface MessagePagerProps {
  pageSize: number;
  offset: number;
  total: number;
  onOffset: (offset: number) => void;
}

/** Newer/older arrows over the message list; hidden when one page holds every message. */
export function MessagePager({ pageSize, offset, total, onOffset }: MessagePagerProps) {
  if (total <= pageSize) return null;
  return (
    <span className="flex gap-1">
      <Button
        variant="ghost"
        size="sm"
        className="size-7 px-0"
        aria-label="Newer messages"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
      >
        <ChevronLeftIcon />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="size-7 px-0"
        aria-label="Older messages"
        disabled={offset + pageSize >= total}
        onClick={() => onOffset(offset + pageSize)}
      >
        <ChevronRightIcon />
      </Button>
    </span>
  );
}

interface MailSplitViewProps extends MessagePagerProps {
  /** Height classes for the md+ layout (the page's header height differs per page). */
  heightClassName: string;
  list: ReactNode;
  /** The open message, or null when none is selected. */
  pane: ReactNode | null;
}

/** A mail client's layout: message count, pager and list on the left, the open message on the right. */
export function MailSplitView({ heightClassName, list, pane, ...pager }: MailSplitViewProps) {
  const { total } = pager;
  return (
    // Below md one minmax(0, 1fr) column (grid-cols-1), so a long subject cannot widen the pane past the card.
    <div
      className={cn(
        "grid grid-cols-1 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-card md:grid-cols-[18rem_minmax(0,1fr)]",
        heightClassName,
      )}
    >
      <div className="flex min-h-0 flex-col border-b border-zinc-200 md:border-r md:border-b-0">
        <div className="flex h-10 shrink-0 items-center justify-between border-b border-zinc-100 px-4 text-xs text-zinc-500">
          <span>
            {total} message{total === 1 ? "" : "s"}
          </span>
          <MessagePager {...pager} />
        </div>
        <div className="max-h-80 min-h-0 flex-1 overflow-y-auto md:max-h-none">{list}</div>
      </div>
      <div className="min-h-0 min-w-0 overflow-y-auto">
        {pane ?? <p className="p-6 text-[13px] text-zinc-500">Select a message to read it.</p>}
      </div>
    </div>
  );
}

/**
 * The open message: the one picked, kept in the URL (?message=) so a reload or a shared link
 * opens it again; nothing picked yet, the newest listed, as a mail client opens on the first one.
 */
export function useMessageSelection(initialMessageId: string | null, list: ReadonlyArray<{ id: string }> | undefined) {
  const [selected, setSelected] = useState<string | null>(initialMessageId);
  const shownId = selected ?? list?.[0]?.id ?? null;
  const select = (id: string) => {
    setSelected(id);
    window.history.replaceState(null, "", `?message=${encodeURIComponent(id)}`);
  };
  return { shownId, select };
}
