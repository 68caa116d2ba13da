import { useLiftSuppression, type Suppression } from "@/lib/hooks/use-suppressions";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

interface LiftSuppressionDialogProps {
  suppression: Suppression | null;
  onClose: () => void;
}

/** Asks before lifting: the address gets this account's email again. */
export function LiftSuppressionDialog({ suppression, onClose }: LiftSuppressionDialogProps) {
  const lift = useLiftSuppression();

  function close() {
    lift.reset();
    onClose();
  }

  return (
    <Dialog
      open={suppression !== null}
      onOpenChange={(open) => open || close()}
      title="Lift suppression"
      description={
        suppression && (
          <>
            Mailwright will send to <span className="font-medium text-zinc-700">{suppression.email}</span> again. If it still bounces or
            complains, it is suppressed again, and bounces and complaints hurt your sending reputation.
          </>
        )
      }
    >
      {suppression && (
        <>
          {lift.isError && (
            <DialogBody>
              <Alert tone="error">{errorMessage(lift.error)}</Alert>
            </DialogBody>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button variant="danger" loading={lift.isPending} onClick={() => lift.mutate(suppression.id, { onSuccess: close })}>
              Lift suppression
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
