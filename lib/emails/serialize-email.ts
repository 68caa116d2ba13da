import type { Email, EmailEvent, EmailRecipient } from "@/lib/generated/prisma/client";

type Tag = { name: string; value: string };

export function serializeEmailSummary(email: Email) {
  return {
    id: email.id,
    from: email.from,
    to: email.to,
    subject: email.subject,
    status: email.status,
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
    ...serializeEmailSummary(email),
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
