import { useState } from "react";
import Link from "next/link";
import { useAccount } from "@/lib/hooks/use-account";
import { useDomains } from "@/lib/hooks/use-domains";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { ArrowRightIcon, CheckIcon, InboxIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { SendTestFields } from "./send-test-fields";

export interface SendTestEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  templateName: string;
  templateId: string;
  /** The variables the preview renders with: the test sends exactly these. */
  variables: Record<string, unknown>;
  /** Variables the template prints that have no sample value: named in a warning. */
  emptyVariables: string[];
  /** What the editor shows (a draft perhaps): rendered and sent as the preview renders it. */
  content: { subject: string; html: string };
  /** The preview shows the template in the account's default layout: so does the test. */
  layout: boolean;
  /** Saves unsaved edits first, so the draft tested is the draft kept; false when saving failed. */
  beforeSend?: () => Promise<boolean>;
  unsaved: boolean;
}

export function SendTestEmailDialog({ open, onOpenChange, templateName, ...props }: SendTestEmailDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send a test email"
      description={
        <>
          Sends <span className="font-medium text-zinc-700">{templateName}</span> with your sample data, through the same pipeline as the
          API. It uses one credit.
        </>
      }
      className="max-w-lg"
    >
      <SendTestForm onClose={() => onOpenChange(false)} {...props} />
    </Dialog>
  );
}

export type SendTestFormProps = Omit<SendTestEmailDialogProps, "open" | "onOpenChange" | "templateName"> & { onClose: () => void };

function SendTestForm({ onClose, ...props }: SendTestFormProps) {
  const domains = useDomains({ limit: 100, offset: 0 });
  // "To" starts as the signed-in user's address; without it (an error), empty.
  const account = useAccount();
  const verified = domains.data?.data.filter((domain) => domain.status === "verified") ?? [];
  const [sentId, setSentId] = useState<string | null>(null);

  if (sentId) {
    return (
      <>
        <DialogBody>
          <div className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3.5">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <CheckIcon className="size-3.5" />
            </span>
            <div className="text-[13px] text-emerald-900">
              <p className="font-medium">Test email queued</p>
              <p className="mt-0.5 text-emerald-800">
                Follow it from queued to delivered on its page. With the default transport it lands in the dev inbox.
              </p>
            </div>
          </div>
        </DialogBody>
        <DialogFooter>
          <Link href="/inbox" className={buttonClasses({ variant: "secondary" })}>
            <InboxIcon />
            Dev inbox
          </Link>
          <Link href={`/emails/${sentId}`} className={buttonClasses()} data-autofocus>
            View email
            <ArrowRightIcon className="opacity-60" />
          </Link>
        </DialogFooter>
      </>
    );
  }

  if (domains.isPending || account.isPending) {
    return (
      <DialogBody className="space-y-4 pb-6" aria-busy="true">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </DialogBody>
    );
  }

  if (domains.isError) {
    return (
      <>
        <DialogBody>
          <Alert tone="error" title="Could not load your domains">
            {errorMessage(domains.error)}
          </Alert>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => domains.refetch()}>Try again</Button>
        </DialogFooter>
      </>
    );
  }

  // No verified domain yet: the test goes from the sandbox sender, which needs none, to the
  // account's own address or a simulator address.
  const sandboxFrom = verified.length === 0 ? account.data?.sandboxFrom : undefined;
  return (
    <SendTestFields
      domains={sandboxFrom ? [sandboxFrom.split("@")[1]] : verified.map((d) => d.domain)}
      sandboxFrom={sandboxFrom}
      hasDomains={(domains.data?.data.length ?? 0) > 0}
      defaultTo={account.data?.email ?? ""}
      onClose={onClose}
      onSent={setSentId}
      {...props}
    />
  );
}
