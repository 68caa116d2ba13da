import { useDeleteList } from "@/lib/hooks/use-lists";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

interface DeleteListDialogProps {
  list: { id: string; name: string; contactCount: number } | null;
  onClose: () => void;
}

export function DeleteListDialog({ list, onClose }: DeleteListDialogProps) {
  const deleteList = useDeleteList();

  function close() {
    deleteList.reset();
    onClose();
  }

  return (
    <Dialog
      open={list !== null}
      onOpenChange={(open) => open || close()}
      title="Delete list"
      description={
        list && (
          <>
            <span className="font-medium text-zinc-700">{list.name}</span> will be deleted. Its{" "}
            {list.contactCount === 1 ? "contact stays" : `${list.contactCount.toLocaleString()} contacts stay`} in your contacts, and
            automations it already started go on. This cannot be undone.
          </>
        )
      }
    >
      {list && (
        <>
          {deleteList.isError && (
            <DialogBody>
              <Alert tone="error">{errorMessage(deleteList.error)}</Alert>
            </DialogBody>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button variant="danger" loading={deleteList.isPending} onClick={() => deleteList.mutate(list.id, { onSuccess: close })}>
              Delete list
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
