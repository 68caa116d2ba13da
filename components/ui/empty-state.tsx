import type { ComponentType, ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import type { IconProps } from "./icons";

interface EmptyStateProps {
  icon?: ComponentType<IconProps>;
  title: string;
  description?: ReactNode;
  /** Usually the button that creates the first item. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-xl border border-dashed border-zinc-300 bg-zinc-50/50 px-6 py-14 text-center",
        className,
      )}
    >
      {Icon && (
        <div className="mb-4 flex size-11 items-center justify-center rounded-xl border border-zinc-200 bg-white shadow-card">
          <Icon className="size-5 text-zinc-500" />
        </div>
      )}
      <h3 className="text-sm font-semibold text-zinc-900">{title}</h3>
      {description && <p className="mt-1 max-w-sm text-sm text-zinc-500">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
