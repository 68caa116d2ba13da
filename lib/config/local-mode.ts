import { getEnv } from "./env";

/**
 * Local mode: mail cannot leave the machine (MAIL_TRANSPORT=inbox, the default), so every email
 * lands in the dev inbox. In it the sandbox sender and an account's own unverified domains may
 * send to anyone, automations activate and broadcasts send: nobody outside can be reached.
 */
export function isLocalMode(): boolean {
  return getEnv().MAIL_TRANSPORT === "inbox";
}

/**
 * Whether webhooks may reach loopback and private addresses: always with WEBHOOK_ALLOW_PRIVATE=1,
 * and in local mode unless the deploy is marked APP_ENV=production (a server others reach must
 * not be turned into a probe of its own network).
 */
export function webhooksMayReachPrivate(): boolean {
  const env = getEnv();
  return env.WEBHOOK_ALLOW_PRIVATE || (isLocalMode() && env.APP_ENV !== "production");
}

/** What a production deploy that still has the dev-inbox transport should say loudly, or null. */
export function localModeWarning(): string | null {
  if (!isLocalMode() || getEnv().APP_ENV !== "production") return null;
  return "This production deploy delivers no mail: MAIL_TRANSPORT is inbox, so every email stays in the dev inbox. Set MAIL_TRANSPORT=smtp (with SMTP_URL) or mx.";
}
