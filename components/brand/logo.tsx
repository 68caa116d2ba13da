import { cn } from "@/lib/ui/cn";

/** The Mailwright mark, with the word unless markOnly. */
export function Logo({ markOnly, className }: { markOnly?: boolean; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path
          d="M8 11.5 16 17l8-5.5M9 10h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1Z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {markOnly ? (
        <span className="sr-only">Mailwright</span>
      ) : (
        <span className="text-[15px] font-semibold tracking-tight text-zinc-900">Mailwright</span>
      )}
    </span>
  );
}
