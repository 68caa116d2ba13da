"use client";

import { useId, useRef, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

interface TabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  items: TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
  /** Buttons at the right of the tab row (a copy button, a link). */
  actions?: ReactNode;
}

// The WAI-ARIA tabs pattern: arrow keys move between tabs (and select), Tab goes to the panel.
export function Tabs<T extends string>({ label, items, value, onValueChange, children, className, actions }: TabsProps<T>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: React.KeyboardEvent) {
    const index = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    onValueChange(items[next].value);
    listRef.current?.querySelectorAll<HTMLButtonElement>("[role=tab]")[next]?.focus();
  }

  return (
    <div className={className}>
      <div className="flex items-end justify-between gap-3 border-b border-zinc-200">
        {/* More tabs than the width holds (a phone): the row scrolls, the page does not. */}
        <div ref={listRef} role="tablist" aria-label={label} onKeyDown={onKeyDown} className="-mb-px flex min-w-0 gap-4 overflow-x-auto">
          {items.map((item) => {
            const selected = item.value === value;
            return (
              <button
                key={item.value}
                type="button"
                role="tab"
                id={`${id}-tab-${item.value}`}
                aria-selected={selected}
                aria-controls={`${id}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => onValueChange(item.value)}
                className={cn(
                  "flex h-9 cursor-pointer items-center gap-1.5 border-b-2 px-0.5 text-[13px] font-medium whitespace-nowrap transition-colors",
                  // Inside the row: the row scrolls, so an outline outside it would be cut off.
                  "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500",
                  selected ? "border-zinc-900 text-zinc-900" : "border-transparent text-zinc-500 hover:text-zinc-800",
                )}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {actions && <div className="flex shrink-0 items-center gap-1 pb-1.5">{actions}</div>}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} className="pt-4">
        {children}
      </div>
    </div>
  );
}
