"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useAccount } from "@/lib/hooks/use-account";
import { useDomains } from "@/lib/hooks/use-domains";
import { useSmtpSettings, type SmtpSettings } from "@/lib/hooks/use-smtp";
import { parseAddress } from "@/lib/emails/addresses";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { ArrowRightIcon, KeyIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs } from "@/components/ui/tabs";
import { nodemailerExample, swaksExample } from "./smtp-examples";
import { SettingsSection } from "./settings-section";
import { LoadError } from "@/components/ui/load-error";

const SECURITY_LABELS: Record<SmtpSettings["security"], string> = {
  starttls: "STARTTLS (optional)",
  starttls_required: "STARTTLS (required)",
};

function Row({ label, children, copy }: { label: string; children: ReactNode; copy?: string }) {
  return (
    <div className="flex flex-col gap-1 px-5 py-3 sm:min-h-14 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-28 shrink-0 text-[13px] font-medium text-zinc-500">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center justify-between gap-3">
        <div className="min-w-0 text-sm text-zinc-900">{children}</div>
        {copy !== undefined && <CopyButton value={copy} ariaLabel={`Copy ${label.toLowerCase()}`} variant="ghost" />}
      </dd>
    </div>
  );
}

function SmtpDetails({ smtp, from }: { smtp: SmtpSettings; from: string }) {
  const [example, setExample] = useState<"swaks" | "nodemailer">("swaks");
  return (
    <div className="space-y-6">
      <Card>
        <dl className="divide-y divide-zinc-100">
          <Row label="Host" copy={smtp.host}>
            <span className="font-mono">{smtp.host}</span>
          </Row>
          <Row label="Port" copy={String(smtp.port)}>
            <span className="font-mono">{smtp.port}</span>
          </Row>
          <Row label="Security">
            <span className="flex flex-wrap items-center gap-2">
              {SECURITY_LABELS[smtp.security]}
              <Badge>{smtp.authMethods.join(", ")}</Badge>
            </span>
          </Row>
          <Row label="Username" copy={smtp.username}>
            <span className="font-mono">{smtp.username}</span>
          </Row>
          <Row label="Password">
            <span className="block text-zinc-600">
              An API key with the <span className="font-medium text-zinc-900">Sending access</span> or{" "}
              <span className="font-medium text-zinc-900">Full access</span> permission. Each key is shown once, when you create it.
            </span>
            <Link href="/api-keys" className="mt-1.5 inline-flex items-center gap-1 text-[13px] font-medium text-brand-600 hover:underline">
              <KeyIcon className="size-3.5" />
              Create an API key
              <ArrowRightIcon className="size-3.5 opacity-60" />
            </Link>
          </Row>
        </dl>
      </Card>
      <Tabs
        label="SMTP examples"
        value={example}
        onValueChange={setExample}
        items={[
          { value: "swaks", label: "swaks" },
          { value: "nodemailer", label: "Node.js (Nodemailer)" },
        ]}
      >
        <p className="mb-3 text-[13px] text-zinc-500">
          Replace <code className="font-mono text-zinc-700">$MAILWRIGHT_API_KEY</code> with your key. Mail to{" "}
          <code className="font-mono text-zinc-700">simulator.test</code> addresses lands in the dev inbox.
        </p>
        {example === "swaks" ? (
          <CodeBlock language="Shell" code={swaksExample(smtp, from)} />
        ) : (
          <CodeBlock language="JavaScript" code={nodemailerExample(smtp, from)} />
        )}
      </Tabs>
    </div>
  );
}

export function SmtpSection() {
  const smtp = useSmtpSettings();
  const account = useAccount();
  const domains = useDomains({ limit: 100, offset: 0 });
  const verified = domains.data?.data.find((d) => d.status === "verified")?.domain;
  const defaultFrom = account.data?.defaultFrom ? parseAddress(account.data.defaultFrom)?.address : undefined;
  const from = defaultFrom ?? `hello@${verified ?? "yourdomain.com"}`;

  return (
    <SettingsSection
      id="smtp"
      title="SMTP"
      description="Send through Mailwright from any app or server that speaks SMTP: the same sending, tracking and logs as the API."
    >
      {smtp.isPending ? (
        <Card role="status" aria-busy="true" aria-label="Loading SMTP settings" className="space-y-4 p-5">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="flex gap-4">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-4 w-48" />
            </div>
          ))}
        </Card>
      ) : smtp.isError ? (
        <LoadError title="Could not load the SMTP settings" error={smtp.error} onRetry={() => smtp.refetch()} />
      ) : (
        <SmtpDetails smtp={smtp.data} from={from} />
      )}
    </SettingsSection>
  );
}
