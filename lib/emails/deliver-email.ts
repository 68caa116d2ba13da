import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { signingKeyColumns, signingKeyFromRow } from "@/lib/domains/get-signing-key";
import { getTransport } from "@/lib/mail/get-transport";
import { inboxTransport, simulatedOutcome } from "@/lib/mail/inbox-transport";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { domainOf, parseAddress } from "./addresses";
import { applyDeliveryOutcome } from "./apply-delivery-outcome";
import { buildRecipientMessage } from "./build-recipient-message";
import { emailStatusFrom } from "./email-status";
import { recordEmailEvent } from "./record-event";
import { renderEmailContent } from "./render-email-content";
import { sendEmailJobId } from "./send-job-id";

const TERMINAL = new Set(["cancelled", "delivered", "bounced", "complained", "failed", "suppressed"]);

/**
 * The `email.send` job: deliver every due recipient of one email. Safe to run again: only
 * recipients still queued or deferred-and-due are attempted, and a retry is enqueued for the
 * ones a receiver deferred.
 */
export async function deliverEmail(emailId: string) {
  const db = getDb();
  // One read for the email and what its delivery needs: recipients, template, the account's
  // tracking settings and the signing domain.
  const row = await db.email.findUnique({
    where: { id: emailId },
    include: {
      recipients: true,
      template: true,
      account: { select: { trackOpens: true, trackClicks: true } },
      domain: { select: signingKeyColumns },
    },
  });
  if (!row) return { skipped: true };
  const { account, domain: domainRow, ...email } = row;
  if (TERMINAL.has(email.status)) return { skipped: true };
  // Taking the email out of `scheduled` is the race with cancel: only one side wins.
  const taken = await db.email.updateMany({
    where: { id: emailId, status: { in: ["scheduled", "queued", "sending"] } },
    data: { status: "sending", sentAt: email.sentAt ?? now() },
  });
  if (!taken.count) return { skipped: true };

  const domain = domainOf(parseAddress(email.from)?.address ?? email.from);
  // As getSigningKey would: only a domain of the email's account signs.
  const dkim = domainRow && domainRow.accountId === email.accountId ? signingKeyFromRow(domainRow) : null;
  const content = renderEmailContent(email, email.template);
  const at = now();
  const due = email.recipients.filter(
    (r) => r.status === "queued" || (r.status === "deferred" && (!r.nextAttemptAt || r.nextAttemptAt <= at)),
  );
  // A test run's email (automation test runs) only ever reaches the dev inbox, so the
  // suppression list, which protects real recipients, does not hide it.
  const suppressed = new Set(
    email.isTest || !due.length
      ? []
      : (await db.suppression.findMany({ where: { accountId: email.accountId, email: { in: due.map((r) => r.email) } }, select: { email: true } })).map((s) => s.email),
  );

  for (const recipient of due) {
    if (suppressed.has(recipient.email)) {
      await db.$transaction(async (tx) => {
        await tx.emailRecipient.update({ where: { id: recipient.id }, data: { status: "suppressed" } });
        await recordEmailEvent(tx, { email, domain, recipient, type: "email.suppressed", data: { reason: "the address is on the suppression list" } });
      });
      continue;
    }
    const message = await buildRecipientMessage({
      email,
      recipient,
      content,
      domain,
      dkim,
      tracking: { opens: account.trackOpens, clicks: account.trackClicks },
    });
    // *.simulator.test and test-run emails never leave the machine, whatever the transport.
    const transport = email.isTest || simulatedOutcome(recipient.email) ? inboxTransport : getTransport();
    const outcome = await transport.send(message);
    await applyDeliveryOutcome({ email, recipient, domain, subject: content.subject, outcome });
  }

  const recipients = await db.emailRecipient.findMany({ where: { emailId }, select: { status: true, nextAttemptAt: true } });
  const status = emailStatusFrom(recipients.map((r) => r.status));
  // Keep what was actually sent: a template's rendering is the record of the email.
  await db.email.update({
    where: { id: emailId },
    data: { status, subject: content.subject, ...(email.templateId ? { html: content.html, text: content.text } : {}) },
  });
  const retryAt = recipients
    .filter((r) => r.status === "deferred" && r.nextAttemptAt)
    .map((r) => r.nextAttemptAt!.getTime())
    .sort((a, b) => a - b)[0];
  if (retryAt !== undefined) {
    await enqueueJob(sendEmailJobId, { emailId }, { runAt: new Date(retryAt), dedupeKey: `email.retry:${emailId}:${retryAt}` });
  }
  return { status, attempted: due.length };
}
