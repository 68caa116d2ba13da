"use client";

import { useState } from "react";
import Link from "next/link";
import { useSendEmail } from "@/lib/hooks/use-emails";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon, CheckIcon, InboxIcon, SendIcon } from "@/components/ui/icons";

interface SendSandboxTestButtonProps {
  /** The sandbox sender (SANDBOX_FROM's address). */
  from: string;
  /** The signed-in account's email: a recipient the sandbox sender always accepts. */
  to: string;
}

/** Sends one email through the API from the sandbox sender to the account's own address. */
export function SendSandboxTestButton({ from, to }: SendSandboxTestButtonProps) {
  const send = useSendEmail();
  const [sentId, setSentId] = useState<string | null>(null);

  async function onSend() {
    const { id } = await send.mutateAsync({
      from: `Mailwright <${from}>`,
      to: [to],
      subject: "Your first Mailwright email",
      html: "<p>It works! This email was sent through the Mailwright API from the sandbox sender.</p>",
      tags: [{ name: "source", value: "get_started" }],
    });
    setSentId(id);
  }

  return (
    <div className="mt-4 space-y-3">
      <Button size="sm" loading={send.isPending} onClick={() => onSend().catch(() => undefined)}>
        <SendIcon />
        Send me a test email
      </Button>
      {send.isError && (
        <Alert tone="error" title="The test email was not sent">
          {errorMessage(send.error)}
        </Alert>
      )}
      {sentId && (
        <div role="status" className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3.5">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <CheckIcon className="size-3.5" />
          </span>
          <div className="min-w-0 text-[13px] text-emerald-900">
            <p className="font-medium">Test email queued to {to}</p>
            <p className="mt-0.5 text-emerald-800">With the default transport it lands in the dev inbox within seconds.</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Link href="/inbox" className={buttonClasses({ variant: "secondary", size: "sm" })}>
                <InboxIcon />
                Open dev inbox
              </Link>
              <Link href={`/emails/${sentId}`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
                View email
                <ArrowRightIcon className="opacity-60" />
              </Link>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
