import { SignInRedirect } from "@/components/auth/sign-in-redirect";
import type { Metadata } from "next";
import Link from "next/link";
import { getPageSession } from "@/lib/auth/session";
import { isLocalMode } from "@/lib/config/local-mode";
import { sandboxAddress } from "@/lib/sandbox/sandbox-address";
import { getStartedProgress } from "@/lib/ui/get-started-progress";
import { onboardingPaths, type OnboardingPath, type OnboardingStep } from "@/lib/ui/onboarding-steps";
import { requestOrigin } from "@/lib/ui/request-origin";
import { cn } from "@/lib/ui/cn";
import { buttonClasses } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { ArrowRightIcon, FileTextIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { ChecklistStep } from "@/components/dashboard/checklist-step";
import { ONBOARDING_STEP_ICONS } from "@/components/dashboard/onboarding-step-icons";
import { SendSandboxTestButton } from "@/components/dashboard/send-sandbox-test-button";

export const metadata: Metadata = { title: "Get started" };

// Works as printed with a key: the sandbox sender may always send to the account's own address.
function sendExample(origin: string, from: string, to: string) {
  return [
    `curl -X POST ${origin}/api/v1/emails \\`,
    `  -H "Authorization: Bearer $MAILWRIGHT_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{`,
    `    "from": "Mailwright <${from}>",`,
    `    "to": ["${to}"],`,
    `    "subject": "Hello from Mailwright",`,
    `    "html": "<p>It works!</p>"`,
    `  }'`,
  ].join("\n");
}

function StepLink({ step, primary }: { step: OnboardingStep; primary: boolean }) {
  const Icon = ONBOARDING_STEP_ICONS[step.id];
  return (
    <Link
      href={step.href}
      className={buttonClasses({ variant: primary ? "primary" : "secondary", size: "sm", className: "mt-4 max-w-full" })}
    >
      <Icon />
      <span className="truncate">{step.action}</span>
      <ArrowRightIcon className="text-current opacity-60" />
    </Link>
  );
}

/** A card at the top: the path's name, what it is for and how far along it is, linking to its steps. */
function PathCard({ path }: { path: OnboardingPath }) {
  return (
    <a
      href={`#${path.id}`}
      className={cn(
        "group flex flex-col rounded-xl border border-zinc-200 bg-white p-4 shadow-card transition-colors hover:border-zinc-300",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-zinc-900">{path.title}</span>
        <span className="text-xs font-medium text-zinc-500">
          {path.doneCount} of {path.steps.length} done
        </span>
      </span>
      <span className="mt-1 text-[13px] text-zinc-500">{path.summary}</span>
      <span className="mt-3 text-[13px] text-zinc-600">{path.steps.map((step) => step.title).join(" → ")}</span>
    </a>
  );
}

export default async function GetStartedPage() {
  const session = await getPageSession();
  if (!session) return <SignInRedirect />;
  const [origin, progress] = await Promise.all([requestOrigin(), getStartedProgress(session.accountId)]);
  const { accountEmail, verifiedDomain } = progress;
  const sandboxFrom = sandboxAddress().address;
  const localMode = isLocalMode();
  const paths = onboardingPaths(progress);

  // What a step shows beyond its sentence and link: the developer's cURL and a test send.
  function extra(step: OnboardingStep) {
    if (step.id !== "curl") return null;
    return (
      <>
        <p className="mt-2">
          The sandbox sender is <code className="font-mono text-[13px] text-zinc-700">{sandboxFrom}</code>
          {localMode ? "; in local mode the email lands in the dev inbox" : ""}. Send one now, or run this in your terminal with your key in{" "}
          <code className="font-mono text-[13px] text-zinc-700">$MAILWRIGHT_API_KEY</code>.
          {verifiedDomain ? ` To send to anyone, use an address on ${verifiedDomain} as the sender.` : ""}
        </p>
        <SendSandboxTestButton from={sandboxFrom} to={accountEmail} />
        <CodeBlock language="cURL" code={sendExample(origin, sandboxFrom, accountEmail)} className="mt-4" />
        <Link href="/templates" className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-4 mr-2" })}>
          <FileTextIcon />
          Send from a template
          <ArrowRightIcon className="text-current opacity-60" />
        </Link>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Get started"
        description="Two ways in, four steps each: reach your contacts from the dashboard, or send from your app through the API. Follow either, or both."
      />
      <nav aria-label="Paths" className="mb-10 grid max-w-3xl gap-3 sm:grid-cols-2">
        {paths.map((path) => (
          <PathCard key={path.id} path={path} />
        ))}
      </nav>
      {paths.map((path) => (
        <section key={path.id} id={path.id} aria-labelledby={`${path.id}-title`} className="mb-12 max-w-3xl scroll-mt-6">
          <h2 id={`${path.id}-title`} className="text-lg font-semibold tracking-tight text-zinc-900">
            {path.title} path
          </h2>
          <p className="mt-1 mb-6 text-sm text-zinc-500">{path.summary}</p>
          <ol>
            {path.steps.map((step, index) => (
              <ChecklistStep
                key={step.id}
                id={step.id}
                number={index + 1}
                title={step.title}
                done={step.done}
                last={index === path.steps.length - 1}
              >
                <p>{step.text}</p>
                {extra(step)}
                {(step.id !== "curl" || step.done) && <StepLink step={step} primary={step.id === path.next} />}
              </ChecklistStep>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
