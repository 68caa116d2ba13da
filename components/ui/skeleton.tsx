import type { HTMLAttributes } from "react";
import { cn } from "@/lib/ui/cn";

/** A grey placeholder block; size it with classes (h-4 w-32). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-zinc-100", className)} {...props} />;
}
