"use client";

import { useDeleteDomain, type Domain } from "@/lib/hooks/use-domains";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

/** Asks before deleting: the DKIM key goes with the domain and cannot be restored. */
export function DeleteDomainDialog({
  domain,
  onClose,
  onDeleted,
}: {
  domain: Pick<Domain, "id" | "domain"> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const deleteDomain = useDeleteDomain();

  function close() {
    deleteDomain.reset();
    onClose();
  }

  return (
    <Dialog
      open={domain !== null}
      onOpenChange={(open) => open || close()}
      title="Delete domain"
      description={
        domain && (
          <>
            Email can no longer be sent from <span className="font-medium text-zinc-700">{domain.domain}</span>, and its DKIM key is
            destroyed. Adding the domain again creates a new key, so its DNS records change. This cannot be undone.
          </>
        )
      }
    >
      {domain && (
        <>
          {deleteDomain.isError && (
            <DialogBody>
              <Alert tone="error">{errorMessage(deleteDomain.error)}</Alert>
            </DialogBody>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={deleteDomain.isPending}
              onClick={() =>
                deleteDomain.mutate(domain.id, {
                  onSuccess: () => {
                    close();
                    onDeleted?.();
                  },
                })
              }
            >
              Delete domain
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
