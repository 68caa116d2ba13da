import { useDeleteTemplate } from "@/lib/hooks/use-templates";
import { ApiRequestError, errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

interface DeleteTemplateDialogProps {
  template: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting; a template an automation uses cannot go, and the server says which. */
export function DeleteTemplateDialog({ template, onClose, onDeleted }: DeleteTemplateDialogProps) {
  const deleteTemplate = useDeleteTemplate();
  const inUse = deleteTemplate.error instanceof ApiRequestError && deleteTemplate.error.status === 409;

  function close() {
    deleteTemplate.reset();
    onClose();
  }

  return (
    <Dialog
      open={template !== null}
      onOpenChange={(open) => open || close()}
      title="Delete template"
      description={
        template && (
          <>
            <span className="font-medium text-zinc-700">{template.name}</span> will be deleted. Emails already sent with it keep their
            content; API calls that name it get 400. This cannot be undone.
          </>
        )
      }
    >
      {template && (
        <>
          {deleteTemplate.isError && (
            <DialogBody>
              <Alert tone={inUse ? "warning" : "error"} title={inUse ? "This template is in use" : undefined}>
                {errorMessage(deleteTemplate.error)}
              </Alert>
            </DialogBody>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close} data-autofocus>
              {inUse ? "Close" : "Cancel"}
            </Button>
            {!inUse && (
              <Button
                variant="danger"
                loading={deleteTemplate.isPending}
                onClick={() => deleteTemplate.mutate(template.id, { onSuccess: onDeleted })}
              >
                Delete template
              </Button>
            )}
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
