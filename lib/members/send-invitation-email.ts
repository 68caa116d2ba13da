import type { Logger } from "pino";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { appUrl } from "@/lib/config/env";
import { getTransport } from "@/lib/transports/get-transport";
import { systemFrom } from "@/lib/accounts/send-confirmation-email";
import { ROLE_LABELS, type Role } from "./roles";
import { INVITATION_TTL_DAYS } from "./schemas";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Sends the invitation link through the service's own transport (the dev inbox in local mode,
 * else the smarthost or direct MX), as the sign-up confirmation goes: no credits, no customer
 * domain, not in the account's email log. Returns whether it was delivered.
 */
export async function sendInvitationEmail(options: {
  accountId: string;
  accountName: string;
  email: string;
  role: Role;
  token: string;
  invitedBy: string | null;
  log?: Logger;
}): Promise<boolean> {
  const link = `${appUrl()}/invite/${options.token}`;
  const from = systemFrom();
  const subject = `You are invited to ${options.accountName} on Mailwright`;
  const who = options.invitedBy ? `${options.invitedBy} invited you` : "You are invited";
  const line = `${who} to join ${options.accountName} on Mailwright as ${ROLE_LABELS[options.role].toLowerCase()}.`;
  const parts = {
    from,
    to: [options.email],
    cc: [],
    replyTo: [],
    subject,
    text: `${line}\n\nAccept the invitation and set your password:\n\n${link}\n\nThe link works once, for ${INVITATION_TTL_DAYS} days.`,
    html: `<p>${escapeHtml(line)}</p><p><a href="${link}">Accept the invitation</a></p><p>The link works once, for ${INVITATION_TTL_DAYS} days.</p>`,
    messageId: `<${newId("em")}@${new URL(appUrl()).hostname}>`,
    date: now(),
  };
  const envelopeFrom = /<([^>]+)>/.exec(from)?.[1] ?? from;
  try {
    const outcome = await getTransport().send({
      envelopeFrom,
      recipient: options.email,
      content: { parts },
      meta: { accountId: options.accountId, emailId: null, recipientId: null, from, to: [options.email], subject },
    });
    if (outcome.kind !== "delivered") options.log?.warn({ accountId: options.accountId, outcome }, "invitation email not delivered");
    return outcome.kind === "delivered";
  } catch (error) {
    options.log?.warn({ err: error, accountId: options.accountId }, "invitation email failed");
    return false;
  }
}
