import { useRevokeApiKey, type ApiKey } from "@/lib/hooks/use-api-keys";
import { errorMessage } from "@/lib/ui/fetch-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";

/** Asks before revoking: a revoked key cannot be brought back. */
export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const revokeKey = useRevokeApiKey();

  function close() {
    revokeKey.reset();
    onClose();
  }

  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => open || close()}
      title="Revoke API key"
      description={
        apiKey && (
          <>
            <span className="font-medium text-zinc-700">{apiKey.name}</span> (<code className="font-mono text-xs">{apiKey.prefix}</code>)
            stops working at once: requests that use it get <span className="whitespace-nowrap">401 Unauthorized</span>. This cannot be
            undone.
          </>
        )
      }
    >
      {apiKey && (
        <>
          {revokeKey.isError && (
            <DialogBody>
              <Alert tone="error">{errorMessage(revokeKey.error)}</Alert>
            </DialogBody>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button variant="danger" loading={revokeKey.isPending} onClick={() => revokeKey.mutate(apiKey.id, { onSuccess: close })}>
              Revoke key
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
