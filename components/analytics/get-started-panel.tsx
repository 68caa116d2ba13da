import Link from "next/link";
import { cn } from "@/lib/ui/cn";
import type { OnboardingPath } from "@/lib/ui/onboarding-steps";
import { CheckIcon } from "@/components/ui/icons";
import { ONBOARDING_STEP_ICONS } from "@/components/dashboard/onboarding-step-icons";

/** One path's steps, in order, each with its link; the next one to take stands out. */
function PathColumn({ path }: { path: OnboardingPath }) {
  return (
    <section aria-labelledby={`overview-${path.id}-title`} className="min-w-0 rounded-lg border border-zinc-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={`overview-${path.id}-title`} className="text-sm font-semibold text-zinc-900">
          {path.title}
        </h3>
        <span className="text-xs font-medium text-zinc-500">
          {path.doneCount} of {path.steps.length} done
        </span>
      </div>
      <p className="mt-0.5 text-[13px] text-zinc-500">{path.summary}</p>
      <ol className="mt-3 space-y-1">
        {path.steps.map((step, index) => {
          const Icon = ONBOARDING_STEP_ICONS[step.id];
          const isNext = step.id === path.next;
          return (
            <li
              key={step.id}
              className={cn(
                "relative flex items-start gap-3 rounded-md px-2 py-2 text-[13px] transition-colors hover:bg-zinc-50",
                isNext && "bg-brand-50/60 ring-1 ring-brand-200 hover:bg-brand-50",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1",
                  step.done ? "bg-emerald-50 text-emerald-600 ring-emerald-200" : "bg-white text-zinc-600 ring-zinc-200",
                )}
              >
                {step.done ? <CheckIcon className="size-3.5" /> : index + 1}
              </span>
              <span className="min-w-0 flex-1">
                {/* The title's link covers the row (after:inset-0): the whole step is the link. */}
                <Link
                  href={step.href}
                  className={cn(
                    "block font-medium after:absolute after:inset-0 after:rounded-md focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:outline-brand-500",
                    step.done ? "text-zinc-500" : "text-zinc-900",
                  )}
                >
                  {step.title}
                  {step.done && <span className="sr-only"> (done)</span>}
                </Link>
                {!step.done && <span className="mt-0.5 block text-zinc-500">{step.text}</span>}
              </span>
              <Icon className={cn("mt-1", isNext ? "text-brand-600" : "text-zinc-400")} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The overview of an account that never sent: both ways in, side by side, as on Get started. */
export function GetStartedPanel({ paths }: { paths: OnboardingPath[] }) {
  return (
    <section
      aria-labelledby="get-started-title"
      className="mb-8 rounded-xl border border-zinc-200 bg-gradient-to-b from-brand-50/60 to-white shadow-card"
    >
      <div className="flex flex-wrap items-end justify-between gap-2 px-5 pt-5 sm:px-6">
        <div>
          <h2 id="get-started-title" className="text-base font-semibold tracking-tight text-zinc-900">
            Get started
          </h2>
          <p className="mt-1 text-sm text-zinc-500">Two ways in. Your delivery, open and click numbers appear here once email goes out.</p>
        </div>
        <Link href="/dashboard" className="text-[13px] font-medium text-brand-600 hover:underline">
          Full guide
        </Link>
      </div>
      <div className="grid gap-3 p-4 md:grid-cols-2">
        {paths.map((path) => (
          <PathColumn key={path.id} path={path} />
        ))}
      </div>
    </section>
  );
}
