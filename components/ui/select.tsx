import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

// A native <select> in the Input look: the platform's own list is the most usable picker on
// every device. The chevron is a background image (select-chevron in globals.css: Tailwind's
// scanner does not read an arbitrary url() value holding quotes) so the whole box stays clickable.
export function Select({ className, children, ...props }: SelectProps) {
  return (
    <select
      className={cn(
        "block h-9 w-full appearance-none rounded-lg border border-zinc-200 bg-white pr-9 pl-3 text-sm text-zinc-900 shadow-xs",
        "select-chevron",
        "transition-[border-color,box-shadow] focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none",
        "aria-invalid:border-red-500 disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-500",
        className,
      )}
      {...props}
    >
      {children}
    </select>
  );
}
