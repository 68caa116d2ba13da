import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "@/lib/ui/cn";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

// Set aria-invalid to show the error look; Field does that for you.
export function Input({ className, type = "text", ...props }: InputProps) {
  return (
    <input
      type={type}
      className={cn(
        "block h-9 w-full rounded-lg border border-zinc-200 bg-white px-3 text-sm text-zinc-900 shadow-xs",
        "placeholder:text-zinc-400 transition-[border-color,box-shadow]",
        "focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-500/15",
        "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15",
        "disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-500",
        "read-only:bg-zinc-50",
        className,
      )}
      {...props}
    />
  );
}
