import { useCancelEmail } from "@/lib/hooks/use-emails";
import { errorMessage } from "@/lib/ui/fetch-api";
import { formatDateTime } from "@/lib/ui/format-date";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

export interface CancellableEmail {
  id: string;
  subject: string;
  to: string[];
  scheduled_at: string | null;
}

interface CancelEmailDialogProps {
  email: CancellableEmail | null;
  onClose: () => void;
  onCancelled?: (email: CancellableEmail) => void;
}

/** Asks before cancelling a scheduled email; its credits come back to the balance. */
export function CancelEmailDialog({ email, onClose, onCancelled }: CancelEmailDialogProps) {
  const cancelEmail = useCancelEmail();

  function close() {
    cancelEmail.reset();
    onClose();
  }

  return (
    <Dialog
      open={email !== null}
      onOpenChange={(open) => open || close()}
      title="Cancel scheduled email"
      description={
        email && (
          <>
            <span className="font-medium text-zinc-700">{email.subject || "(no subject)"}</span> to {email.to.join(", ")}
            {email.scheduled_at && <> will not be sent on {formatDateTime(email.scheduled_at)}</>}. The credits it used are refunded to your
            balance. This cannot be undone.
          </>
        )
      }
    >
      {email && (
        <>
          {cancelEmail.isError && (
            <DialogBody>
              <Alert tone="error">{errorMessage(cancelEmail.error)}</Alert>
            </DialogBody>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close} data-autofocus>
              Keep scheduled
            </Button>
            <Button
              variant="danger"
              loading={cancelEmail.isPending}
              onClick={() =>
                cancelEmail.mutate(email.id, {
                  onSuccess: () => {
                    onCancelled?.(email);
                    close();
                  },
                })
              }
            >
              Cancel email
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
