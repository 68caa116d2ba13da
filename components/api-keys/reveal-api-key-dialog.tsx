import { useState } from "react";
import type { CreatedApiKey } from "@/lib/hooks/use-api-keys";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SCOPE_LABELS } from "./scope-labels";

/**
 * Shows a new key's value, the one time it exists outside the database's hash. Escape or the
 * close button before the key was copied asks first: an accidental key press must not throw
 * away the only copy ("Done" is the deliberate way out).
 */
export function RevealApiKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey | null; onClose: () => void }) {
  // Per key, so the next key starts uncopied without an effect to reset it.
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const [confirmingKey, setConfirmingKey] = useState<string | null>(null);
  const copied = apiKey !== null && copiedKey === apiKey.id;
  const confirming = apiKey !== null && confirmingKey === apiKey.id;
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (open || !apiKey) return;
        if (copied || confirming) onClose();
        else setConfirmingKey(apiKey.id);
      }}
      title="Your new API key"
      description={
        apiKey && (
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium text-zinc-700">{apiKey.name}</span>
            {apiKey.scopes.map((scope) => (
              <Badge key={scope} tone={scope === "full_access" ? "neutral" : "brand"}>
                {SCOPE_LABELS[scope].label}
              </Badge>
            ))}
          </span>
        )
      }
      // A stray click must not throw away the only copy of the key.
      closeOnBackdrop={false}
      className="max-w-lg"
    >
      {apiKey && (
        <>
          <DialogBody className="space-y-5">
            <Alert tone="warning" title="Copy your key now. It won't be shown again.">
              Store it somewhere safe, such as your secrets manager. If you lose it, revoke it and create a new one.
            </Alert>
            <div className="space-y-1.5">
              <Label htmlFor="api-key-value">API key</Label>
              <div className="flex gap-2">
                <Input
                  id="api-key-value"
                  readOnly
                  value={apiKey.key}
                  onFocus={(event) => event.currentTarget.select()}
                  onCopy={() => setCopiedKey(apiKey.id)}
                  spellCheck={false}
                  className="font-mono text-[13px]"
                />
                <CopyButton value={apiKey.key} label="Copy" size="md" data-autofocus onCopied={() => setCopiedKey(apiKey.id)} />
              </div>
            </div>
            {confirming && (
              <Alert tone="error" title="Close without copying your key?">
                It cannot be shown again: you would have to revoke it and create another.
              </Alert>
            )}
          </DialogBody>
          <DialogFooter>
            {confirming ? (
              <>
                <Button variant="secondary" onClick={() => setConfirmingKey(null)}>
                  Back to the key
                </Button>
                <Button variant="danger" onClick={onClose}>
                  Close anyway
                </Button>
              </>
            ) : (
              <Button onClick={onClose}>Done</Button>
            )}
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
