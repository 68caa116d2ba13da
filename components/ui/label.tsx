import type { LabelHTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn("block text-[13px] font-medium text-zinc-800", className)} {...props} />;
}
