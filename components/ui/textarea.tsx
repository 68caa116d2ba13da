import type { Ref, TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, ...props }: TextareaProps) {
  return (
    <textarea
      className={cn(
        "block w-full rounded-lg border border-zinc-200 bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs",
        "placeholder:text-zinc-400 transition-[border-color,box-shadow]",
        "focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none",
        "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15",
        "disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-500",
        className,
      )}
      {...props}
    />
  );
}
