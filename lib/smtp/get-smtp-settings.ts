import { appUrl, getEnv } from "@/lib/config/env";

/** The relay's one login name; the password says which account (DESIGN 9). */
export const SMTP_USERNAME = "mailwright";

/** What an SMTP client needs to send through the relay; the password is any sending API key. */
export function getSmtpSettings() {
  const env = getEnv();
  return {
    host: env.SMTP_PUBLIC_HOST ?? new URL(appUrl()).hostname,
    port: env.SMTP_PORT,
    security: env.SMTP_REQUIRE_TLS ? "starttls_required" : "starttls",
    username: SMTP_USERNAME,
    password: "an API key with the send:email or full_access scope",
    authMethods: ["PLAIN", "LOGIN"],
    // Without SMTP_TLS_KEY/SMTP_TLS_CERT the certificate is self-signed: clients must not verify it.
    certificate: env.SMTP_TLS_CERT ? "configured" : "self_signed",
    maxMessageBytes: env.SMTP_MAX_MESSAGE_BYTES,
  };
}
