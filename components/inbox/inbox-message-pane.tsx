"use client";

import Link from "next/link";
import { useInboxMessage, type InboxMessage } from "@/lib/hooks/use-inbox";
import { formatDateTime } from "@/lib/ui/format-date";
import { buttonClasses } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { MessageBodyTabs, MessageHeader, MessagePaneError, MessagePaneLoading } from "@/components/mail-viewer/message-pane";
import { RawSource } from "./raw-source";
import { OpenAsRecipient } from "./open-as-recipient";

export function InboxMessagePane({ id }: { id: string }) {
  const message = useInboxMessage(id);

  if (message.isPending) return <MessagePaneLoading />;
  if (message.isError) return <MessagePaneError error={message.error} />;

  const data = message.data;
  return (
    <article aria-labelledby="inbox-message-subject" className="flex min-w-0 flex-col">
      <MessageHeader
        subjectId="inbox-message-subject"
        subject={data.subject}
        action={
          data.emailId && (
            <Link href={`/emails/${data.emailId}`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              Email details
              <ArrowRightIcon className="opacity-60" />
            </Link>
          )
        }
        fields={[
          { label: "From", value: data.from },
          { label: "To", value: data.to.join(", ") },
          { label: "Date", value: formatDateTime(data.createdAt), truncate: false },
        ]}
      >
        <OpenAsRecipient message={data} />
      </MessageHeader>
      <MessageBodyTabs
        html={data.html}
        text={data.text}
        htmlFooter={<WhatCounts tracking={data.tracking} />}
        raw={() => <RawSource raw={data.raw} />}
      />
    </article>
  );
}

/** Exactly what this page records, so the numbers in Overview are no surprise. */
function WhatCounts({ tracking }: { tracking: InboxMessage["tracking"] }) {
  return (
    <p className="text-xs text-zinc-500" data-testid="inbox-what-counts">
      Viewing a message here is not an open; <span className="font-medium text-zinc-700">Open as recipient</span> counts one.{" "}
      {tracking.trackedLinks > 0
        ? "Links open in a new tab through the click tracker: clicking one counts a click."
        : "Links open in a new tab; this copy's links are not tracked, so clicking one counts nothing."}
    </p>
  );
}
