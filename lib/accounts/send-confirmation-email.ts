import type { Logger } from "pino";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { appUrl, getEnv } from "@/lib/config/env";
import { getTransport } from "@/lib/transports/get-transport";
import { createConfirmationToken } from "./confirmation-token";

/** The service's own sender: SYSTEM_FROM, else no-reply@ the APP_URL host. */
export function systemFrom(): string {
  return getEnv().SYSTEM_FROM ?? `Mailwright <no-reply@${new URL(appUrl()).hostname}>`;
}

/**
 * Sends the confirmation link through the configured transport (the dev inbox, the smarthost
 * or direct MX: the same ones customers' mail takes), not through the customer accept path:
 * it costs the account no credits, needs no customer domain, and stays out of its email log.
 * Throws on a transport failure so the job retries; an account confirmed meanwhile gets nothing.
 */
export async function sendConfirmationEmail(options: { accountId: string; log?: Logger }) {
  const account = await getDb().account.findUnique({
    where: { id: options.accountId },
    select: { id: true, email: true, emailConfirmedAt: true },
  });
  if (!account || account.emailConfirmedAt) return { sent: false };
  const link = `${appUrl()}/api/signup/confirm?token=${createConfirmationToken(account.id, account.email, now().getTime())}`;
  const from = systemFrom();
  const subject = "Confirm your Mailwright email address";
  const parts = {
    from,
    to: [account.email],
    cc: [],
    replyTo: [],
    subject,
    text: `Confirm your email address to start using your free credits:\n\n${link}\n\nThe link works for 7 days. If you did not sign up, ignore this email.`,
    html: `<p>Confirm your email address to start using your free credits:</p><p><a href="${link}">Confirm my email address</a></p><p>The link works for 7 days. If you did not sign up, ignore this email.</p>`,
    messageId: `<${newId("em")}@${new URL(appUrl()).hostname}>`,
    date: now(),
  };
  const envelopeFrom = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const outcome = await getTransport().send({
    envelopeFrom,
    recipient: account.email,
    content: { parts },
    meta: { accountId: account.id, emailId: null, recipientId: null, from, to: [account.email], subject },
  });
  if (outcome.kind === "soft_bounce") throw new Error(`confirmation email deferred: ${outcome.message}`);
  if (outcome.kind === "hard_bounce") options.log?.warn({ accountId: account.id, outcome }, "confirmation email bounced");
  return { sent: outcome.kind === "delivered" };
}
