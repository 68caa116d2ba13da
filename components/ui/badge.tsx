import type { HTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "brand" | "info" | "orange";

const tones: Record<BadgeTone, { badge: string; dot: string }> = {
  neutral: { badge: "bg-zinc-100 text-zinc-700 ring-zinc-200", dot: "bg-zinc-400" },
  success: { badge: "bg-emerald-50 text-emerald-700 ring-emerald-200", dot: "bg-emerald-500" },
  warning: { badge: "bg-amber-50 text-amber-800 ring-amber-200", dot: "bg-amber-500" },
  danger: { badge: "bg-red-50 text-red-700 ring-red-200", dot: "bg-red-500" },
  brand: { badge: "bg-brand-50 text-brand-700 ring-brand-200", dot: "bg-brand-500" },
  info: { badge: "bg-sky-50 text-sky-700 ring-sky-200", dot: "bg-sky-500" },
  orange: { badge: "bg-orange-50 text-orange-700 ring-orange-200", dot: "bg-orange-500" },
};

interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** A status dot before the text. */
  dot?: boolean;
}

export function Badge({ tone = "neutral", dot, className, children, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone].badge,
        className,
      )}
      {...props}
    >
      {dot && <span aria-hidden="true" className={cn("size-1.5 rounded-full", tones[tone].dot)} />}
      {children}
    </span>
  );
}
