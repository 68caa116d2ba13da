import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { cn } from "@/lib/ui/cn";

interface SwitchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role"> {
  id: string;
  label: string;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** An on/off setting: a checkbox drawn as a switch, with its label and what it does. */
export function SwitchField({ id, label, description, className, ref, ...props }: SwitchFieldProps) {
  return (
    <div className={cn("flex items-start justify-between gap-6", className)}>
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-zinc-900">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="mt-0.5 text-[13px] text-zinc-500">
            {description}
          </p>
        )}
      </div>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          role="switch"
          aria-describedby={description ? `${id}-description` : undefined}
          className="peer h-5 w-9 cursor-pointer appearance-none rounded-full bg-zinc-200 transition-colors checked:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50"
          {...props}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow-sm ring-1 ring-zinc-900/5 transition-transform peer-checked:translate-x-4"
        />
      </span>
    </div>
  );
}
