import type { SmtpSettings } from "@/lib/hooks/use-smtp";

// The key stays a placeholder: the dashboard never holds an API key's value after creation.
const KEY_PLACEHOLDER = "$MAILWRIGHT_API_KEY";

export function swaksExample(smtp: SmtpSettings, from: string) {
  return [
    `swaks --server ${smtp.host} --port ${smtp.port} ${smtp.security === "starttls_required" ? "--tls" : "--tls-optional"} \\`,
    `  --auth PLAIN --auth-user ${smtp.username} --auth-password "${KEY_PLACEHOLDER}" \\`,
    `  --from ${from} --to delivered@simulator.test \\`,
    `  --header "Subject: Hello from Mailwright" --body "It works!"`,
  ].join("\n");
}

export function nodemailerExample(smtp: SmtpSettings, from: string) {
  return [
    `import nodemailer from "nodemailer";`,
    ``,
    `const transporter = nodemailer.createTransport({`,
    `  host: "${smtp.host}",`,
    `  port: ${smtp.port},`,
    `  secure: false, // the connection is upgraded with STARTTLS`,
    `  requireTLS: ${smtp.security === "starttls_required"},`,
    `  auth: { user: "${smtp.username}", pass: process.env.MAILWRIGHT_API_KEY },`,
    // Nodemailer verifies the certificate after STARTTLS; a self-signed one fails that check.
    ...(smtp.certificate === "self_signed" ? [`  tls: { rejectUnauthorized: false }, // the server's certificate is self-signed`] : []),
    `});`,
    ``,
    `await transporter.sendMail({`,
    `  from: "${from}",`,
    `  to: "delivered@simulator.test",`,
    `  subject: "Hello from Mailwright",`,
    `  html: "<p>It works!</p>",`,
    `});`,
  ].join("\n");
}
