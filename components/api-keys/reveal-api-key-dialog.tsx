import type { CreatedApiKey } from "@/lib/hooks/use-api-keys";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SCOPE_LABELS } from "./scope-labels";

/** Shows a new key's value, the one time it exists outside the database's hash. */
export function RevealApiKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => open || onClose()}
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
                  spellCheck={false}
                  className="font-mono text-[13px]"
                />
                <CopyButton value={apiKey.key} label="Copy" size="md" data-autofocus />
              </div>
            </div>
          </DialogBody>
          <DialogFooter>
            <Button onClick={onClose}>Done</Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
