import { appUrl, getEnv } from "@/lib/config/env";

/** The relay's one login name; the password says which account. */
export const SMTP_USERNAME = "mailwright";

/**
 * Whether the relay takes AUTH before STARTTLS: only with SMTP_ALLOW_INSECURE_AUTH=1, and never
 * with SMTP_REQUIRE_TLS=1 (kept from before AUTH needed TLS by default).
 */
export function insecureAuthAllowed(): boolean {
  const env = getEnv();
  return env.SMTP_ALLOW_INSECURE_AUTH && !env.SMTP_REQUIRE_TLS;
}

/** What an SMTP client needs to send through the relay; the password is any sending API key. */
export function getSmtpSettings() {
  const env = getEnv();
  return {
    host: env.SMTP_PUBLIC_HOST ?? new URL(appUrl()).hostname,
    port: env.SMTP_PORT,
    security: insecureAuthAllowed() ? "starttls" : "starttls_required",
    username: SMTP_USERNAME,
    password: "an API key with the send:email or full_access scope",
    authMethods: ["PLAIN", "LOGIN"],
    // Without SMTP_TLS_KEY/SMTP_TLS_CERT the certificate is self-signed: clients must not verify it.
    certificate: env.SMTP_TLS_CERT ? "configured" : "self_signed",
    maxMessageBytes: env.SMTP_MAX_MESSAGE_BYTES,
  };
}
