import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { Label } from "./label";
import { Select, type SelectProps } from "./select";

interface FilterFieldProps {
  /** The control's id, which the label names. */
  id: string;
  label: ReactNode;
  /** Width classes for the field. */
  className?: string;
  children: ReactNode;
}

/** One control of a filter bar with its small label above it. */
export function FilterField({ id, label, className, children }: FilterFieldProps) {
  return (
    <div className={cn(className, "space-y-1")}>
      <Label htmlFor={id} className="text-xs text-zinc-500">
        {label}
      </Label>
      {children}
    </div>
  );
}

interface FilterSelectProps extends Omit<SelectProps, "children" | "className"> {
  /** The first option, value "": no filter ("All statuses"). */
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
}

/** A filter bar's compact select: "all" first, then one option per value. */
export function FilterSelect({ allLabel, options, ...props }: FilterSelectProps) {
  return (
    <Select {...props} className="h-8 text-[13px]">
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
