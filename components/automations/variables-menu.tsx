"use client";

import { useEffect, useRef, useState } from "react";
import { BracesIcon, ChevronDownIcon } from "@/components/ui/icons";
import { useContactPropertyKeys } from "@/lib/hooks/use-contacts";
import { cn } from "@/lib/ui/cn";
import { STEP_VARIABLES } from "./automation-format";

const DESCRIPTIONS: Record<(typeof STEP_VARIABLES)[number], string> = {
  name: "Contact's name, else “there”",
  email: "Contact's email address",
  company: "Your company name",
  list_name: "The list they joined",
  unsubscribe_url: "One-click unsubscribe link",
};

// A key the template can reach as {{contact.<key>}} (no dot, space or brace inside).
const USABLE_KEY = /^[^\s.{}]+$/;

/**
 * A button that lists the step variables, then the account's contact property keys
 * ({{contact.<key>}}, the most used first); picking one calls onInsert("{{name}}").
 */
export function VariablesMenu({
  onInsert,
  disabled,
  label = "Insert variable",
}: {
  onInsert: (text: string) => void;
  disabled?: boolean;
  /** The button's text: where the variable goes when that is not the field being edited. */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const keys = useContactPropertyKeys(open);
  const properties = (keys.data?.data ?? []).filter((p) => USABLE_KEY.test(p.key));
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);
  const pick = (text: string) => {
    onInsert(text);
    setOpen(false);
  };
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
        {label}
        <ChevronDownIcon className="size-3" />
      </button>
      {open && (
        <ul
          role="menu"
          aria-label="Variables"
          className="absolute right-0 z-20 mt-1 max-h-60 w-64 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-lg"
        >
          {STEP_VARIABLES.map((name) => (
            <li key={name} role="none">
              <MenuItem text={`{{${name}}}`} description={DESCRIPTIONS[name]} onPick={pick} />
            </li>
          ))}
          {properties.length > 0 && (
            <li role="none" className="mt-1 border-t border-zinc-100 pt-1">
              <p aria-hidden="true" className="px-2 pt-1 pb-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase">
                Contact properties
              </p>
              <ul role="group" aria-label="Contact properties">
                {properties.map((p) => (
                  <li key={p.key} role="none">
                    <MenuItem
                      text={`{{contact.${p.key}}}`}
                      description={`Set on ${p.contacts} contact${p.contacts === 1 ? "" : "s"}`}
                      onPick={pick}
                    />
                  </li>
                ))}
              </ul>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function MenuItem({ text, description, onPick }: { text: string; description: string; onPick: (text: string) => void }) {
  return (
    <button
      type="button"
      role="menuitem"
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(text)}
      className={cn(
        "flex w-full cursor-pointer flex-col rounded-md px-2 py-1.5 text-left hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none",
      )}
    >
      <span className="font-mono text-xs break-all text-zinc-900">{text}</span>
      <span className="text-xs text-zinc-500">{description}</span>
    </button>
  );
}
