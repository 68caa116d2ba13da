import { appUrl, getEnv } from "@/lib/config/env";

/** What an SMTP client needs to send through the relay; the password is any sending API key. */
export function getSmtpSettings() {
  const env = getEnv();
  return {
    host: env.SMTP_PUBLIC_HOST ?? new URL(appUrl()).hostname,
    port: env.SMTP_PORT,
    security: env.SMTP_REQUIRE_TLS ? "starttls_required" : "starttls",
    username: "mailwright",
    password: "an API key with the send:email or full_access scope",
    authMethods: ["PLAIN", "LOGIN"],
  };
}
