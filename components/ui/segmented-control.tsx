"use client";

import { useId, type ComponentType } from "react";
import { cn } from "@/lib/ui/cn";
import type { IconProps } from "./icons";

interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  icon?: ComponentType<IconProps>;
}

interface SegmentedControlProps<T extends string> {
  /** Names the group for screen readers. */
  label: string;
  options: SegmentedOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
  /** Show only the icons (their labels stay for screen readers and tooltips). */
  iconOnly?: boolean;
  className?: string;
}

/** A small set of mutually exclusive choices: radio buttons in a pill. */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onValueChange,
  iconOnly,
  className,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={cn("inline-flex rounded-lg bg-zinc-100 p-0.5", className)}>
      {options.map(({ value: option, label: optionLabel, icon: Icon }) => (
        <label
          key={option}
          title={iconOnly ? optionLabel : undefined}
          className={cn(
            "flex h-7 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-xs font-medium transition-colors",
            "has-focus-visible:outline-2 has-focus-visible:outline-brand-500",
            option === value ? "bg-white text-zinc-900 shadow-card ring-1 ring-zinc-200" : "text-zinc-600 hover:text-zinc-800",
          )}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === value}
            onChange={() => onValueChange(option)}
            className="sr-only"
          />
          {Icon && <Icon className="size-3.5" />}
          <span className={iconOnly ? "sr-only" : undefined}>{optionLabel}</span>
        </label>
      ))}
    </div>
  );
}
