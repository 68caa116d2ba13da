import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import { getEnv } from "@/lib/config/env";
import { messageBytes } from "./message-bytes";
import { noDelaySocket } from "./no-delay-socket";
import { outcomeFromCode, type DeliveryOutcome, type MailTransport, type OutgoingMessage } from "./transport";

// Smarthost delivery (MAIL_TRANSPORT=smtp): one pooled nodemailer transport per process.
const g = globalThis as unknown as { __mailwrightSmtp?: nodemailer.Transporter };

function pool(): nodemailer.Transporter {
  if (!g.__mailwrightSmtp) {
    const env = getEnv();
    if (!env.SMTP_URL) throw new Error("MAIL_TRANSPORT=smtp needs SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587");
    const url = new URL(env.SMTP_URL);
    url.searchParams.set("pool", "true");
    url.searchParams.set("maxConnections", String(env.SMTP_POOL_SIZE));
    g.__mailwrightSmtp = nodemailer.createTransport({ ...parseConnectionUrl(url.toString()), pool: true, getSocket: noDelaySocket });
  }
  return g.__mailwrightSmtp;
}

export const smtpTransport: MailTransport = {
  name: "smtp",
  async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
    try {
      const envelope = { from: message.envelopeFrom, to: [message.recipient] };
      // Composed and signed before the hand-over, so the signature's RSA operation runs off the
      // main thread (signDkim) while the pool's connections carry other messages.
      const info = await pool().sendMail({ envelope, raw: await messageBytes(message) });
      const code = Number(/^(\d{3})/.exec(info.response ?? "")?.[1] ?? 250);
      const outcome = outcomeFromCode(code, info.response ?? "250 OK");
      // A smarthost's 250 is "accepted for relay", not delivery: the recipient is `sent`.
      return outcome.kind === "delivered" ? { ...outcome, relayed: true } : outcome;
    } catch (error) {
      const e = error as { responseCode?: number; response?: string; message?: string };
      // No SMTP reply at all (refused, timeout, TLS): temporary, retried like a 4xx.
      return outcomeFromCode(e.responseCode, e.response ?? e.message ?? "delivery failed");
    }
  },
  async close() {
    g.__mailwrightSmtp?.close();
    g.__mailwrightSmtp = undefined;
  },
};
