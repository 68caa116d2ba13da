import { useDeleteWebhook, type Webhook } from "@/lib/hooks/use-webhooks";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

/** Asks before deleting: the delivery log goes with the webhook, and pending retries stop. */
export function DeleteWebhookDialog({
  webhook,
  onClose,
  onDeleted,
}: {
  webhook: Webhook | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deleteWebhook = useDeleteWebhook();

  function close() {
    deleteWebhook.reset();
    onClose();
  }

  return (
    <Dialog
      open={webhook !== null}
      onOpenChange={(open) => open || close()}
      title="Delete webhook"
      description={
        webhook && (
          <>
            <span className="break-all font-mono text-xs text-zinc-700">{webhook.url}</span> stops receiving events at once, pending retries
            are dropped and its delivery log is deleted. This cannot be undone.
          </>
        )
      }
    >
      {webhook && (
        <>
          {deleteWebhook.isError && (
            <DialogBody>
              <Alert tone="error">{errorMessage(deleteWebhook.error)}</Alert>
            </DialogBody>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={deleteWebhook.isPending}
              onClick={() =>
                deleteWebhook.mutate(webhook.id, {
                  onSuccess: () => {
                    deleteWebhook.reset();
                    onDeleted();
                  },
                })
              }
            >
              Delete webhook
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
