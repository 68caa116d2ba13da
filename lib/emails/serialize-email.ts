import type { Email, EmailEvent, EmailRecipient } from "@/lib/generated/prisma/client";

type Tag = { name: string; value: string };

/** Some of the email's recipients bounced, not all ("partially bounced"). */
export function isPartiallyBounced(recipients: { status: string }[]): boolean {
  const bounced = recipients.filter((r) => r.status === "bounced").length;
  return bounced > 0 && bounced < recipients.length;
}

export function serializeEmailSummary(email: Email, partiallyBounced: boolean) {
  return {
    id: email.id,
    from: email.from,
    to: email.to,
    subject: email.subject,
    status: email.status,
    partially_bounced: partiallyBounced,
    tags: email.tags as Tag[],
    template_id: email.templateId,
    automation_id: email.automationId,
    broadcast_id: email.broadcastId,
    scheduled_at: email.scheduledAt?.toISOString() ?? null,
    created_at: email.createdAt.toISOString(),
    sent_at: email.sentAt?.toISOString() ?? null,
    last_event: email.lastEvent,
  };
}

export function serializeEmail(email: Email & { recipients: EmailRecipient[]; events: EmailEvent[] }) {
  return {
    ...serializeEmailSummary(email, isPartiallyBounced(email.recipients)),
    cc: email.cc,
    bcc: email.bcc,
    reply_to: email.replyTo,
    html: email.html,
    text: email.text,
    variables: email.variables ?? null,
    headers: email.headers ?? null,
    attachments: ((email.attachments as { filename: string; content_type?: string }[] | null) ?? []).map((a) => ({
      filename: a.filename,
      content_type: a.content_type ?? null,
    })),
    recipients: email.recipients.map((r) => ({ email: r.email, type: r.kind, status: r.status })),
    events: email.events.map((e) => ({
      id: e.id,
      type: e.type,
      recipient: e.recipient,
      created_at: e.createdAt.toISOString(),
      data: e.data,
    })),
  };
}
