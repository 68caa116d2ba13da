"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/ui/cn";
import { Input } from "@/components/ui/input";
import { CheckIcon, ChevronDownIcon, PlusIcon, SpinnerIcon } from "@/components/ui/icons";

interface ListPickerProps {
  /** Set by Field, with aria-invalid and aria-describedby. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  value: string;
  lists: string[];
  onChange: (name: string) => void;
  /** Creates the list (then it is chosen); rejects with the reason it could not. */
  onCreate: (name: string) => Promise<void>;
  disabled?: boolean;
}

type Option = { kind: "list"; name: string } | { kind: "create"; name: string };

/**
 * A list picker that can also create the list: type to filter the account's lists; a name no
 * list has yet is offered as "Create list <name>", made on the spot, so a trigger's list never
 * needs a trip to the Lists page. A combobox (ARIA 1.2): arrows move, Enter picks, Escape closes.
 */
export function ListPicker({ id, value, lists, onChange, onCreate, disabled, ...aria }: ListPickerProps) {
  const listboxId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);

  const typed = (query ?? "").trim();
  const options: Option[] = lists
    .filter((name) => name.toLowerCase().includes(typed.toLowerCase()))
    .map((name) => ({ kind: "list" as const, name }));
  // The typed name, or else the current one when no list has it yet (a scenario's list).
  const missing = typed || (query === null && value && !lists.includes(value) ? value : "");
  if (missing && !lists.includes(missing)) options.push({ kind: "create", name: missing });
  const activeIndex = Math.min(active, options.length - 1);

  function close() {
    setOpen(false);
    setQuery(null);
    setActive(0);
  }

  async function pick(option: Option) {
    if (option.kind === "create") {
      setCreating(true);
      try {
        await onCreate(option.name);
      } catch {
        // The caller shows why; the picker stays open on the typed name.
        return;
      } finally {
        setCreating(false);
      }
    }
    onChange(option.name);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (options.length) setActive((activeIndex + (event.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (open && options[activeIndex]) void pick(options[activeIndex]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  }

  return (
    <div>
      <div className="relative">
        <Input
          id={id}
          {...aria}
          role="combobox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={open && options[activeIndex] ? `${listboxId}-${activeIndex}` : undefined}
          value={query ?? value}
          placeholder="Choose or create a list"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          className="pr-9"
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => !creating && close()}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-400" />
      </div>
      {open && (
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Lists"
          // In the flow, not floating: the node editor scrolls and would clip a floating list.
          className="mt-1 max-h-60 overflow-y-auto rounded-lg border border-zinc-200 bg-white py-1 shadow-xs"
        >
          {options.length === 0 && <li className="px-3 py-2 text-[13px] text-zinc-500">No lists yet: type a name to create one.</li>}
          {options.map((option, i) => (
            <li
              key={`${option.kind}-${option.name}`}
              id={`${listboxId}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              // Keep the focus in the input: the option is picked on click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => void pick(option)}
              className={cn(
                "flex cursor-pointer items-center gap-2 px-3 py-1.5 text-[13px] text-zinc-900",
                i === activeIndex && "bg-zinc-100",
                option.kind === "create" && "border-t border-zinc-100 font-medium text-brand-700",
              )}
            >
              {option.kind === "create" ? (
                <>
                  {creating ? <SpinnerIcon className="size-3.5 shrink-0 animate-spin" /> : <PlusIcon className="size-3.5 shrink-0" />}
                  <span className="min-w-0 truncate">Create list “{option.name}”</span>
                </>
              ) : (
                <>
                  <CheckIcon className={cn("size-3.5 shrink-0", option.name === value ? "text-brand-600" : "invisible")} />
                  <span className="min-w-0 truncate">{option.name}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
