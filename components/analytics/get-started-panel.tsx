import Link from "next/link";
import type { ComponentType } from "react";
import { cn } from "@/lib/ui/cn";
import { buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon, CheckIcon, GlobeIcon, KeyIcon, SendIcon, type IconProps } from "@/components/ui/icons";

export interface GetStartedState {
  hasKey: boolean;
  verifiedDomain: string | null;
  pendingDomain: { id: string; domain: string } | null;
  hasEmail: boolean;
}

interface Step {
  title: string;
  text: string;
  done: boolean;
  href: string;
  action: string;
  icon: ComponentType<IconProps>;
}

/** The overview of an account that never sent: what to do first, in order, with links. */
export function GetStartedPanel({ state }: { state: GetStartedState }) {
  const steps: Step[] = [
    {
      title: "Verify a domain",
      text: state.verifiedDomain
        ? `You can send from any address on ${state.verifiedDomain}.`
        : "Publish SPF, DKIM and DMARC records so mailbox providers trust your email.",
      done: state.verifiedDomain !== null,
      href: state.pendingDomain && !state.verifiedDomain ? `/domains/${state.pendingDomain.id}` : "/domains",
      action: state.verifiedDomain ? "Manage domains" : state.pendingDomain ? "Finish verifying" : "Add a domain",
      icon: GlobeIcon,
    },
    {
      title: "Create an API key",
      text: "Every API request and SMTP login is authenticated with a key.",
      done: state.hasKey,
      href: "/api-keys",
      action: state.hasKey ? "Manage keys" : "Create a key",
      icon: KeyIcon,
    },
    {
      title: "Send an email",
      text: "Call the API or send a test from a template. Numbers show up here as events arrive.",
      done: state.hasEmail,
      href: "/dashboard",
      action: "See how",
      icon: SendIcon,
    },
  ];
  const next = steps.findIndex((step) => !step.done);
  const doneCount = steps.filter((step) => step.done).length;

  return (
    <section
      aria-labelledby="get-started-title"
      className="mb-8 rounded-xl border border-zinc-200 bg-gradient-to-b from-brand-50/60 to-white shadow-card"
    >
      <div className="flex flex-wrap items-end justify-between gap-2 px-6 pt-5">
        <div>
          <h2 id="get-started-title" className="text-base font-semibold tracking-tight text-zinc-900">
            Send your first email
          </h2>
          <p className="mt-1 text-sm text-zinc-500">Your delivery, open and click numbers appear here once email goes out.</p>
        </div>
        <Link href="/dashboard" className="text-[13px] font-medium text-brand-600 hover:underline">
          Full guide
        </Link>
      </div>
      <p className="px-6 pt-3 text-xs font-medium text-zinc-500">
        {doneCount} of {steps.length} done
      </p>
      <ol className="grid gap-3 p-4 pt-2 sm:grid-cols-3">
        {steps.map((step, index) => {
          const Icon = step.icon;
          const isNext = index === next;
          return (
            <li
              key={step.title}
              className={cn(
                "flex flex-col rounded-lg border bg-white p-4",
                isNext ? "border-brand-200 ring-1 ring-brand-200" : "border-zinc-200",
              )}
            >
              <div className="flex items-center gap-2.5">
                <span
                  className={cn(
                    "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1",
                    step.done ? "bg-emerald-50 text-emerald-600 ring-emerald-200" : "bg-white text-zinc-600 ring-zinc-200",
                  )}
                >
                  {step.done ? <CheckIcon className="size-3.5" /> : index + 1}
                </span>
                <h3 className={cn("text-sm font-semibold", step.done ? "text-zinc-500" : "text-zinc-900")}>
                  {step.title}
                  {step.done && <span className="sr-only"> (done)</span>}
                </h3>
              </div>
              <p className="mt-2 flex-1 text-[13px] text-zinc-500">{step.text}</p>
              <Link
                href={step.href}
                className={buttonClasses({ variant: isNext ? "primary" : "secondary", size: "sm", className: "mt-4 self-start" })}
              >
                <Icon />
                {step.action}
                <ArrowRightIcon className="text-current opacity-60" />
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
