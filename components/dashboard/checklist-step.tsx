import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { CheckIcon } from "@/components/ui/icons";

interface ChecklistStepProps {
  /** The anchor other pages link to (/dashboard#curl). */
  id?: string;
  number: number;
  title: string;
  done?: boolean;
  /** A badge next to the title, such as "Coming soon". */
  badge?: ReactNode;
  children: ReactNode;
  last?: boolean;
}

/** One step of the "Get started" list: a numbered marker (a tick once done) on a rail. */
export function ChecklistStep({ id, number, title, done, badge, children, last }: ChecklistStepProps) {
  return (
    <li id={id} className="relative flex scroll-mt-6 gap-4 pb-10 last:pb-0">
      {!last && <span aria-hidden="true" className="absolute top-9 bottom-1 left-[15px] w-px bg-zinc-200" />}
      <span
        className={cn(
          "relative flex size-8 shrink-0 items-center justify-center rounded-full text-[13px] font-semibold ring-1",
          done ? "bg-emerald-50 text-emerald-600 ring-emerald-200" : "bg-white text-zinc-600 ring-zinc-200 shadow-card",
        )}
      >
        {done ? <CheckIcon /> : number}
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className={cn("text-[15px] font-semibold tracking-tight", done ? "text-zinc-500" : "text-zinc-900")}>{title}</h3>
          {done && <span className="sr-only">(done)</span>}
          {badge}
        </div>
        <div className="mt-1.5 text-sm text-zinc-500">{children}</div>
      </div>
    </li>
  );
}
