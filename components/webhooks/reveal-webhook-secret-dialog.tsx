import type { WebhookWithSecret } from "@/lib/hooks/use-webhooks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { SecretField } from "./secret-field";

/** Shown once after creating a webhook: the secret to verify its signatures with. */
export function RevealWebhookSecretDialog({ webhook, onClose }: { webhook: WebhookWithSecret | null; onClose: () => void }) {
  return (
    <Dialog
      open={webhook !== null}
      onOpenChange={(open) => open || onClose()}
      title="Webhook added"
      description={webhook && <span className="break-all font-mono text-xs text-zinc-600">{webhook.url}</span>}
      closeOnBackdrop={false}
      className="max-w-lg"
    >
      {webhook && (
        <>
          <DialogBody className="space-y-5">
            <Alert tone="info" title="Copy the signing secret into your endpoint's configuration">
              Every delivery carries <code className="font-mono text-xs">X-Service-Signature: sha256=…</code>, the hex HMAC-SHA256 of the
              raw body keyed with this secret, plus Standard Webhooks headers. You can see the secret again on the webhook&apos;s page.
            </Alert>
            <SecretField id="new-webhook-secret" secret={webhook.secret} revealed />
          </DialogBody>
          <DialogFooter>
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
