import { useDeleteContact } from "@/lib/hooks/use-contacts";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

interface DeleteContactDialogProps {
  contact: { id: string; email: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteContactDialog({ contact, onClose, onDeleted }: DeleteContactDialogProps) {
  const deleteContact = useDeleteContact();

  function close() {
    deleteContact.reset();
    onClose();
  }

  return (
    <Dialog
      open={contact !== null}
      onOpenChange={(open) => open || close()}
      title="Delete contact"
      description={
        contact && (
          <>
            <span className="font-medium text-zinc-700">{contact.email}</span> will be deleted with its list memberships and automation
            progress. Emails already sent stay in your log. This cannot be undone.
          </>
        )
      }
    >
      {contact && (
        <>
          {deleteContact.isError && (
            <DialogBody>
              <Alert tone="error">{errorMessage(deleteContact.error)}</Alert>
            </DialogBody>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={deleteContact.isPending}
              onClick={() => deleteContact.mutate(contact.id, { onSuccess: onDeleted })}
            >
              Delete contact
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
