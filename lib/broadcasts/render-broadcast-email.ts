import type { Broadcast } from "@/lib/generated/prisma/client";
import type { SendEmailBody } from "@/lib/emails/schemas";
import { buildStepVariables } from "@/lib/automations/steps/step-variables";
import { unsubscribeUrl } from "@/lib/automations/unsubscribe-token";
import { renderTemplate } from "@/lib/templates/render";
import { unsubscribeHeaders } from "@/lib/emails/unsubscribe-headers";
import type { LayoutContent } from "@/lib/layouts/layout-content";

export interface BroadcastContext {
  broadcast: Pick<Broadcast, "id" | "from" | "subject" | "html" | "text">;
  template: { subject: string; htmlBody: string } | null;
  companyName: string;
  listName: string;
  /** The account's default layout, read when the run (or test send) starts; null: none. */
  layout: LayoutContent | null;
  /** Instead of the broadcast's (or its template's) subject: an A/B test's variant. */
  subject?: string;
}

/**
 * One member's email: the broadcast (or its template) rendered with the automation step
 * variables in the account's layout, its own unsubscribe link and the RFC 8058 one-click headers.
 */
export function renderBroadcastEmail(
  context: BroadcastContext,
  member: { contactId: string | null; email: string; name: string | null; properties: unknown },
  url = member.contactId ? unsubscribeUrl({ contactId: member.contactId, enrollmentId: null, broadcastId: context.broadcast.id }) : "#",
): SendEmailBody {
  const { broadcast, template } = context;
  const source = template
    ? { subject: template.subject, html: template.htmlBody, text: null }
    : { subject: broadcast.subject, html: broadcast.html ?? "", text: broadcast.text };
  if (context.subject !== undefined) source.subject = context.subject;
  const variables = buildStepVariables({
    contact: member,
    companyName: context.companyName,
    listName: context.listName,
    unsubscribeUrl: url,
  });
  const out = renderTemplate(source, variables, { layout: context.layout });
  return {
    from: broadcast.from,
    to: [member.email],
    subject: out.subject,
    ...(source.html ? { html: out.html } : {}),
    ...(source.text ? { text: out.text ?? undefined } : {}),
    headers: unsubscribeHeaders(url),
  };
}
