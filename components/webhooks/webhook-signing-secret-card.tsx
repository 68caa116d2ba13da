import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SecretField } from "./secret-field";

/** The webhook's signing secret, with how a receiver checks a delivery's signature against it. */
export function WebhookSigningSecretCard({ secret }: { secret: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Signing secret</CardTitle>
        <CardDescription>
          Verify each delivery: <code className="font-mono text-xs">X-Service-Signature</code> is{" "}
          <code className="font-mono text-xs">sha256=</code> + the hex HMAC-SHA256 of the raw body keyed with this secret. The{" "}
          <code className="font-mono text-xs">webhook-id</code>, <code className="font-mono text-xs">webhook-timestamp</code> and{" "}
          <code className="font-mono text-xs">webhook-signature</code> headers follow Standard Webhooks, so any of its libraries can check
          them and reject replays.
        </CardDescription>
      </CardHeader>
      <CardContent className="max-w-2xl">
        <SecretField id="webhook-secret" secret={secret} />
      </CardContent>
    </Card>
  );
}
