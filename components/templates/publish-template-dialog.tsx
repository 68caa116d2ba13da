"use client";

import { useState } from "react";
import Link from "next/link";
import { usePublishTemplate, useTemplateUses } from "@/lib/hooks/use-template-versions";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";

interface PublishTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  templateId: string;
  templateName: string;
}

/**
 * Confirms a publish: from then on every send of the template uses the draft. Where the template
 * is in use (an active automation or journey, a scheduled broadcast) it is listed first, since
 * those emails change too.
 */
export function PublishTemplateDialog({ open, onOpenChange, templateId, templateName }: PublishTemplateDialogProps) {
  const uses = useTemplateUses(templateId, open);
  const publish = usePublishTemplate(templateId);
  const [error, setError] = useState<string | null>(null);
  const inUse = uses.data ? uses.data.automations.length + uses.data.broadcasts.length > 0 : false;

  async function confirm() {
    setError(null);
    try {
      await publish.mutateAsync(undefined);
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Publish template"
      description={
        <>
          Every email sent with <span className="font-medium text-zinc-700">{templateName}</span> uses this version from now on. The version
          it replaces stays in the history.
        </>
      }
    >
      <DialogBody className="space-y-3">
        {uses.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : uses.isError ? (
          <Alert tone="error">Could not check where the template is used: {errorMessage(uses.error)}</Alert>
        ) : inUse ? (
          <Alert tone="warning" title="This changes emails already on their way">
            <ul className="mt-1 space-y-1" aria-label="Where the template is used">
              {uses.data!.automations.map((a) => (
                <li key={a.id}>
                  Active automation{" "}
                  <Link className="font-medium underline underline-offset-2" href={`/automations/${a.id}`}>
                    {a.name}
                  </Link>
                </li>
              ))}
              {uses.data!.broadcasts.map((b) => (
                <li key={b.id}>
                  Broadcast{" "}
                  <Link className="font-medium underline underline-offset-2" href={`/broadcasts/${b.id}`}>
                    {b.name}
                  </Link>
                  {b.scheduledAt ? `, scheduled for ${formatDateTime(b.scheduledAt)}` : ", sending now"}
                </li>
              ))}
            </ul>
          </Alert>
        ) : (
          <p className="text-[13px] text-zinc-500">No active automation or scheduled broadcast uses this template.</p>
        )}
        {error && <Alert tone="error">{error}</Alert>}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onClick={confirm} loading={publish.isPending} disabled={uses.isPending} data-autofocus>
          Publish
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
