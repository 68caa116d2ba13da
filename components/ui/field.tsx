import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { Label } from "./label";

interface FieldProps {
  /** The control's id; the label points at it and the hint and error are described by it. */
  id: string;
  label: ReactNode;
  /** Shown under the control, replaced by the error when there is one. */
  hint?: ReactNode;
  error?: string;
  /** Shown on the label's line, at the right (a "Forgot password?" link, a counter). */
  aside?: ReactNode;
  className?: string;
  children: ReactElement<{ id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string }>;
}

/** A label, a control and its hint or error, wired together for screen readers. */
export function Field({ id, label, hint, error, aside, className, children }: FieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })
    : children;
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {control}
      {error ? (
        <p id={`${id}-error`} className="text-[13px] text-red-600 first-letter:uppercase">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-[13px] text-zinc-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
