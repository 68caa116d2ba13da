"use client";

import { useEffect, useRef, useState } from "react";
import { BracesIcon, ChevronDownIcon } from "@/components/ui/icons";
import { cn } from "@/lib/ui/cn";
import { STEP_VARIABLES } from "./automation-format";

const DESCRIPTIONS: Record<(typeof STEP_VARIABLES)[number], string> = {
  name: "Contact's name, else “there”",
  email: "Contact's email address",
  company: "Your company name",
  list_name: "The list they joined",
  unsubscribe_url: "One-click unsubscribe link",
};

/** A button that lists the step variables; picking one calls onInsert("{{name}}"). */
export function VariablesMenu({ onInsert, disabled }: { onInsert: (text: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);
  return (
    <div ref={box} className="relative" onKeyDown={(event) => event.key === "Escape" && setOpen(false)}>
      <button
        type="button"
        disabled={disabled}
        aria-expanded={open}
        aria-haspopup="menu"
        // Keep the focus (and the caret) in the field being edited.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-7 cursor-pointer items-center gap-1 rounded-md px-2 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-50"
      >
        <BracesIcon className="size-3.5" />
        Insert variable
        <ChevronDownIcon className="size-3" />
      </button>
      {open && (
        <ul
          role="menu"
          aria-label="Variables"
          className="absolute right-0 z-20 mt-1 w-64 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg"
        >
          {STEP_VARIABLES.map((name) => (
            <li key={name} role="none">
              <button
                type="button"
                role="menuitem"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onInsert(`{{${name}}}`);
                  setOpen(false);
                }}
                className={cn(
                  "flex w-full cursor-pointer flex-col rounded-md px-2 py-1.5 text-left hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none",
                )}
              >
                <span className="font-mono text-xs text-zinc-900">{`{{${name}}}`}</span>
                <span className="text-xs text-zinc-500">{DESCRIPTIONS[name]}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
