import { useAccount } from "@/lib/hooks/use-account";

const PUBLIC_ONLY = "A public http or https address. Redirects are not followed.";
const LOCAL = "Local mode: webhooks may reach this machine and your network, e.g. http://127.0.0.1:4000/hooks. Redirects are not followed.";

/**
 * Which addresses a webhook URL may have, for the URL field's hint. Local mode allows loopback
 * and private addresses unless the deploy is marked production (then the account carries a
 * local-mode warning); until the account has loaded the hint names public addresses.
 */
export function useWebhookUrlHint(): string {
  const account = useAccount();
  return account.data?.localMode && !account.data.localModeWarning ? LOCAL : PUBLIC_ONLY;
}
