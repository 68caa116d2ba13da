import { useAccount } from "@/lib/hooks/use-account";

const PUBLIC_ONLY = "A public http or https address. Redirects are not followed.";
const LOCAL = "Local mode: webhooks may reach this machine and your network, e.g. http://127.0.0.1:4000/hooks. Redirects are not followed.";
const ALLOWED =
  "This service lets webhooks reach this machine and your network (WEBHOOK_ALLOW_PRIVATE), e.g. http://127.0.0.1:4000/hooks. Redirects are not followed.";

/**
 * Which addresses a webhook URL may have, for the URL field's hint: the service's own rule
 * (GET /account's webhooksReachPrivate: WEBHOOK_ALLOW_PRIVATE=1, or local mode outside
 * production); until the account has loaded the hint names public addresses.
 */
export function useWebhookUrlHint(): string {
  const account = useAccount();
  if (!account.data?.webhooksReachPrivate) return PUBLIC_ONLY;
  return account.data.localMode && !account.data.localModeWarning ? LOCAL : ALLOWED;
}
