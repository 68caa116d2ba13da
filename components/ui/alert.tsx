import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { AlertCircleIcon, AlertTriangleIcon, InfoIcon } from "./icons";

type AlertTone = "error" | "warning" | "info";

const tones: Record<AlertTone, { box: string; icon: typeof InfoIcon }> = {
  error: { box: "border-red-200 bg-red-50 text-red-800", icon: AlertCircleIcon },
  warning: { box: "border-amber-200 bg-amber-50 text-amber-900", icon: AlertTriangleIcon },
  info: { box: "border-brand-200 bg-brand-50 text-brand-700", icon: InfoIcon },
};

interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  className?: string;
}

/** A message box. Errors are announced to screen readers as they appear. */
export function Alert({ tone = "info", title, children, className }: AlertProps) {
  const Icon = tones[tone].icon;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-2.5 rounded-lg border px-3 py-2.5 text-[13px] leading-5", tones[tone].box, className)}
    >
      <Icon className="mt-0.5" />
      <div className="min-w-0 flex-1 space-y-0.5">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className="first-letter:uppercase">{children}</div>}
      </div>
    </div>
  );
}
