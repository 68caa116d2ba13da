import type { Broadcast } from "@/lib/generated/prisma/client";
import type { SendEmailBody } from "@/lib/emails/schemas";
import { buildStepVariables } from "@/lib/automations/steps/step-variables";
import { unsubscribeUrl } from "@/lib/automations/unsubscribe-token";
import { renderTemplate } from "@/lib/templates/render";
import { renderBroadcastBody } from "@/lib/emails/render-email-content";
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

type Member = { contactId: string | null; email: string; name: string | null; properties: unknown };

/** The broadcast's content to render: its template's when it has one, else its own. */
function broadcastSource(context: BroadcastContext) {
  const { broadcast, template } = context;
  const source = template
    ? { subject: template.subject, html: template.htmlBody, text: null }
    : { subject: broadcast.subject, html: broadcast.html ?? "", text: broadcast.text };
  if (context.subject !== undefined) source.subject = context.subject;
  return source;
}

/**
 * One member's email as the fan-out stores it: the subject rendered (it is listed and searched),
 * the body left to render at send time from the broadcast with the member's variables (the
 * automation step variables, its own unsubscribe link among them), and the RFC 8058 one-click
 * headers. An email with a broadcast and no body of its own renders that way when it is sent
 * (renderEmailContent).
 */
export function broadcastMemberEmail(
  context: BroadcastContext,
  member: Member,
  url = member.contactId ? unsubscribeUrl({ contactId: member.contactId, enrollmentId: null, broadcastId: context.broadcast.id }) : "#",
): SendEmailBody & { variables: Record<string, unknown> } {
  const variables = buildStepVariables({
    contact: member,
    companyName: context.companyName,
    listName: context.listName,
    unsubscribeUrl: url,
  });
  return {
    from: context.broadcast.from,
    to: [member.email],
    subject: renderTemplate({ subject: broadcastSource(context).subject, html: "" }, variables).subject,
    variables,
    headers: unsubscribeHeaders(url),
  };
}

/**
 * One member's email rendered whole now (a test send): the broadcast (or its template) with the
 * member's variables in the account's layout, as a member's email is rendered when it is sent.
 */
export function renderBroadcastEmail(context: BroadcastContext, member: Member): SendEmailBody {
  const { variables, ...email } = broadcastMemberEmail(context, member);
  const source = broadcastSource(context);
  const body = renderBroadcastBody(source, variables, context.layout);
  return {
    ...email,
    ...(body.html !== null ? { html: body.html } : {}),
    ...(body.text !== null ? { text: body.text } : {}),
  };
}
