import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getPageSession } from "@/lib/auth/session";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { sandboxAddress } from "@/lib/sandbox/sandbox-address";
import { getStartedProgress } from "@/lib/ui/get-started-progress";
import { requestOrigin } from "@/lib/ui/request-origin";
import { buttonClasses } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { ArrowRightIcon, FileTextIcon, GlobeIcon, KeyIcon, MailIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { ChecklistStep } from "@/components/dashboard/checklist-step";
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

export default async function GetStartedPage() {
  const session = await getPageSession();
  if (!session) redirect("/login");
  const [keys, origin, progress] = await Promise.all([
    listApiKeys({ accountId: session.accountId, page: { limit: 1, offset: 0 } }),
    requestOrigin(),
    getStartedProgress(session.accountId),
  ]);
  const hasKey = keys.pagination.total > 0;
  const { verifiedDomain, pendingDomain, hasEmail, accountEmail } = progress;
  const sandboxFrom = sandboxAddress().address;

  return (
    <>
      <PageHeader title="Get started" description="Three steps from a new account to your first email sent through the Mailwright API." />
      <ol className="max-w-3xl">
        <ChecklistStep number={1} title="Create an API key" done={hasKey}>
          <p>Every request to the API is authenticated with a key. You see a key&apos;s value once, when you create it.</p>
          <Link href="/api-keys" className={buttonClasses({ variant: hasKey ? "secondary" : "primary", size: "sm", className: "mt-4" })}>
            <KeyIcon />
            {hasKey ? "Manage API keys" : "Create API key"}
            <ArrowRightIcon className="text-current opacity-60" />
          </Link>
        </ChecklistStep>
        <ChecklistStep number={2} title="Verify a domain" done={verifiedDomain !== null}>
          <p>
            {verifiedDomain ? (
              <>
                You can send from any address on <span className="font-medium text-zinc-700">{verifiedDomain}</span>.
              </>
            ) : (
              <>Add the domain you send from and publish its SPF, DKIM and DMARC records so mailbox providers trust your email.</>
            )}
          </p>
          <Link
            href={pendingDomain && !verifiedDomain ? `/domains/${pendingDomain.id}` : "/domains"}
            className={buttonClasses({ variant: verifiedDomain || !hasKey ? "secondary" : "primary", size: "sm", className: "mt-4" })}
          >
            <GlobeIcon />
            {verifiedDomain ? "Manage domains" : pendingDomain ? `Finish verifying ${pendingDomain.domain}` : "Add a domain"}
            <ArrowRightIcon className="text-current opacity-60" />
          </Link>
        </ChecklistStep>
        <ChecklistStep number={3} title="Send an email" done={hasEmail} last>
          {hasEmail ? (
            <>
              <p>Your first email is out. Follow every email&apos;s delivery, opens and clicks in the log.</p>
              <Link href="/emails" className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-4" })}>
                <MailIcon />
                View emails
                <ArrowRightIcon className="text-current opacity-60" />
              </Link>
            </>
          ) : (
            <>
              <p>
                No domain needed for a first email: every account may send from the sandbox sender{" "}
                <code className="font-mono text-[13px] text-zinc-700">{sandboxFrom}</code> to its own address, and with the dev-inbox
                transport it lands in the dev inbox. Send one now, or call the API from your terminal: replace{" "}
                <code className="font-mono text-[13px] text-zinc-700">$MAILWRIGHT_API_KEY</code> with your key.
                {verifiedDomain ? ` To send to anyone, use an address on ${verifiedDomain} as the sender.` : ""}
              </p>
              <SendSandboxTestButton from={sandboxFrom} to={accountEmail} />
              <CodeBlock language="cURL" code={sendExample(origin, sandboxFrom, accountEmail)} className="mt-4" />
              <Link href="/templates" className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-4" })}>
                <FileTextIcon />
                Send from a template
                <ArrowRightIcon className="text-current opacity-60" />
              </Link>
            </>
          )}
        </ChecklistStep>
      </ol>
    </>
  );
}
