import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getPageSession } from "@/lib/auth/session";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { requestOrigin } from "@/lib/ui/request-origin";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { ArrowRightIcon, KeyIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { ChecklistStep } from "@/components/dashboard/checklist-step";

export const metadata: Metadata = { title: "Get started" };

function sendExample(origin: string) {
  return [
    `curl -X POST ${origin}/api/v1/emails \\`,
    `  -H "Authorization: Bearer $MAILWRIGHT_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{`,
    `    "from": "Acme <hello@yourdomain.com>",`,
    `    "to": ["you@example.com"],`,
    `    "subject": "Hello from Mailwright",`,
    `    "html": "<p>It works!</p>"`,
    `  }'`,
  ].join("\n");
}

export default async function GetStartedPage() {
  const session = await getPageSession();
  if (!session) redirect("/login");
  const [keys, origin] = await Promise.all([
    listApiKeys({ accountId: session.accountId, page: { limit: 1, offset: 0 } }),
    requestOrigin(),
  ]);
  const hasKey = keys.pagination.total > 0;

  return (
    <>
      <PageHeader
        title="Get started"
        description="Three steps from a new account to your first email sent through the Mailwright API."
      />
      <ol className="max-w-3xl">
        <ChecklistStep number={1} title="Create an API key" done={hasKey}>
          <p>Every request to the API is authenticated with a key. You see a key&apos;s value once, when you create it.</p>
          <Link
            href="/api-keys"
            className={buttonClasses({ variant: hasKey ? "secondary" : "primary", size: "sm", className: "mt-4" })}
          >
            <KeyIcon />
            {hasKey ? "Manage API keys" : "Create API key"}
            <ArrowRightIcon className="text-current opacity-60" />
          </Link>
        </ChecklistStep>
        <ChecklistStep number={2} title="Verify a domain" badge={<Badge tone="brand">Coming soon</Badge>}>
          <p>
            Add the domain you send from and publish its SPF, DKIM and DMARC records so mailbox providers trust your
            email. Domain verification is coming to the dashboard soon.
          </p>
        </ChecklistStep>
        <ChecklistStep number={3} title="Send an email" last>
          <p>
            Call the API from your terminal or your backend. Replace <code className="font-mono text-[13px] text-zinc-700">$MAILWRIGHT_API_KEY</code>{" "}
            with your key and the sender with an address on your verified domain.
          </p>
          <CodeBlock language="cURL" code={sendExample(origin)} className="mt-4" />
        </ChecklistStep>
      </ol>
    </>
  );
}
