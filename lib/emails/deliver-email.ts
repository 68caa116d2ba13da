import { domainMaySend } from "@/lib/domains/check-sender";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { signingKeyFromRow } from "@/lib/domains/get-signing-key";
import { domainOf, parseAddress } from "./addresses";
import { retryWhileDatabaseUnavailable } from "@/lib/db/retry-while-unavailable";
import { applyDeliveryOutcome } from "./apply-delivery-outcome";
import { buildRecipientMessage } from "./build-recipient-message";
import { emailStatusFrom } from "./email-status";
import { failUnsentEmail } from "./fail-unsent-email";
import { readEmailForDeliverySql } from "./read-email-for-delivery-sql";
import { recordEmailEvent } from "./record-event";
import { TemplateTooComplexError } from "@/lib/templates/render";
import { BroadcastContentGoneError, keepsRenderedBody, renderEmailContent } from "./render-email-content";
import { attemptMessageId, dueRecipients, scheduleRetry, TERMINAL_EMAIL_STATUSES, transportFor } from "./delivery-rules";
import { isSandboxFrom } from "@/lib/sandbox/sandbox-address";
import { getSandboxSigningKey } from "@/lib/sandbox/get-sandbox-signing-key";
import { ApiError } from "@/lib/api/errors";
import { consumeWindowLimit } from "@/lib/api/rate-limit";
import { getEnv } from "@/lib/config/env";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import { messageBytes } from "@/lib/transports/message-bytes";
import type { OutgoingMessage } from "@/lib/transports/transport";

/**
 * The `email.send` job: deliver every due recipient of one email. Safe to run again: only
 * recipients still queued, deferred-and-due or mid-attempt are attempted, and a retry is
 * enqueued for the ones a receiver deferred.
 *
 * Delivery is at-least-once per recipient: the attempt (status `sending`, its Message-ID) is
 * recorded before the hand-over, so a recipient found `sending` here is one whose last attempt
 * was cut off (a crash, or a database error after the transport answered) and may have gone
 * out. It is sent again with the same Message-ID, which receivers use to drop the duplicate;
 * losing a message silently (at-most-once) would be the worse failure for transactional mail.
 */
export async function deliverEmail(emailId: string) {
  const db = getDb();
  const row = await readEmailForDeliverySql(emailId);
  if (!row) return { skipped: true };
  const { email, account, domain: domainRow, template, broadcast } = row;
  if (TERMINAL_EMAIL_STATUSES.has(email.status)) return { skipped: true };
  // Taking the email out of `scheduled` is the race with cancel: only one side wins. A scheduled
  // email is never taken before its time (a job superseded by a reschedule may still run).
  const taken = await db.email.updateMany({
    where: { id: emailId, OR: [{ status: { in: ["queued", "sending"] } }, { status: "scheduled", scheduledAt: { lte: now() } }] },
    data: { status: "sending", sentAt: email.sentAt ?? now() },
  });
  if (!taken.count) return { skipped: true };

  const domain = domainOf(parseAddress(email.from)?.address ?? email.from);
  // Only a domain the email's account still holds signs and sends: it may have lost
  // the name to another account, or deleted it, since the email was accepted.
  // The sandbox sender (no Domain row) signs with the service's own key for its domain.
  const sandbox = !email.domainId && isSandboxFrom(email.from);
  if (!sandbox && !(await domainMaySend(db, domainRow, email.accountId))) {
    const failed = await failUnsentEmail({
      email,
      domain,
      reason: `not sent: ${domain} is no longer a verified domain of this account (another account proved control of it, or it was deleted)`,
      refundDescription: `Email not sent: ${domain} is no longer held`,
    });
    return { status: failed.status, attempted: 0 };
  }
  const dkim = sandbox ? await getSandboxSigningKey() : signingKeyFromRow(domainRow!);
  let content: ReturnType<typeof renderEmailContent>;
  try {
    content = renderEmailContent(email, template, broadcast);
  } catch (error) {
    const tooComplex = error instanceof TemplateTooComplexError;
    if (!tooComplex && !(error instanceof BroadcastContentGoneError)) throw error;
    const failed = await failUnsentEmail({
      email,
      domain,
      reason: error.code,
      message: error.message,
      refundDescription: tooComplex ? "Email failed: template too complex" : "Email failed: its broadcast has no body",
    });
    return { status: failed.status, attempted: 0 };
  }
  const due = dueRecipients(row.recipients, now());
  // A test run's email (automation test runs) only ever reaches the dev inbox, so the
  // suppression list, which protects real recipients, does not hide it.
  const suppressed = new Set(email.isTest ? [] : due.filter((r) => r.suppressed).map((r) => r.email));

  for (const recipient of due) {
    if (suppressed.has(recipient.email)) {
      await db.$transaction(async (tx) => {
        await tx.emailRecipient.update({ where: { id: recipient.id }, data: { status: "suppressed" } });
        await recordEmailEvent(tx, {
          email,
          domain,
          recipient,
          type: "email.suppressed",
          data: { reason: "the address is on the suppression list" },
        });
      });
      continue;
    }
    // Record the attempt before the hand-over; a re-send keeps the first attempt's Message-ID.
    const messageId = attemptMessageId(recipient, domain);
    const started = await db.emailRecipient.updateMany({
      where: { id: recipient.id, status: { in: ["queued", "deferred", "sending"] } },
      data: { status: "sending", messageId, attemptStartedAt: now() },
    });
    if (!started.count) continue;
    const message = await buildRecipientMessage({
      email,
      recipient,
      messageId,
      content,
      domain,
      dkim,
      tracking: { opens: account.trackOpens, clicks: account.trackClicks },
    });
    if (email.isTest) await takeTestRunInboxBytes(email.accountId, message);
    const outcome = await transportFor(email, recipient).send(message);
    // The receiver has the message now: losing its outcome to a database blip would send it
    // again on the retry, so the write waits out a short outage instead of failing the job.
    await retryWhileDatabaseUnavailable(() => applyDeliveryOutcome({ email, recipient, domain, subject: content.subject, outcome }));
  }

  const recipients = await db.emailRecipient.findMany({ where: { emailId }, select: { status: true, nextAttemptAt: true } });
  const status = emailStatusFrom(recipients.map((r) => r.status));
  // Keep what was actually sent: a template's (or broadcast's) rendering is the record of the email.
  await db.email.update({
    where: { id: emailId },
    data: { status, subject: content.subject, ...(keepsRenderedBody(email) ? { html: content.html, text: content.text } : {}) },
  });
  await scheduleRetry(email, recipients);
  return { status, attempted: due.length };
}

/**
 * Test-run emails cost no credits and are all stored in the dev inbox: what bounds their storage
 * is this daily allowance of bytes per account (TEST_RUN_INBOX_MB_PER_DAY). Past it the email
 * fails for good, with the reason on its record and its test run; real sends are not counted.
 */
async function takeTestRunInboxBytes(accountId: string, message: OutgoingMessage) {
  const megabytes = getEnv().TEST_RUN_INBOX_MB_PER_DAY;
  const limit = { name: "test-run-inbox-bytes", points: megabytes * 1_000_000, durationSeconds: 86_400 };
  const bytes = (await messageBytes(message)).length;
  const refusal = `test-run emails of this account passed ${megabytes} MB today (TEST_RUN_INBOX_MB_PER_DAY); try again tomorrow`;
  await consumeWindowLimit(limit, accountId, refusal, bytes).catch((error: unknown) => {
    throw error instanceof ApiError && error.code === "rate_limited" ? new PermanentJobError(refusal) : error;
  });
}
